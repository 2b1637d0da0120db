/** What the terminal timeline's symbols and words mean (printed under `--text`). */
export const TIMELINE_LEGEND = `Legend:
  tick, time                 simulation tick (0.1 s each) and agent time in seconds
  agent/runner [planner]     who acts, with which runner (an agent may run several), htn or goap
  plan found (T): a → b      a new plan, steps in execution order; T is what triggered planning:
                               noPlan       nothing was running
                               finished     the previous plan completed
                               failed       a step failed or the plan became invalid
                               worldChanged a sensor changed the world state
  [goal G, priority P]       the goal a GOAP plan serves
  plan replaced (T; why)     a better plan took over (HTN: a higher-priority method record, MTR)
  replan skipped (T): why    planned again, kept the running plan
  no plan (T, status): why   nothing applicable (a repeat of the same line is not printed)
    > step                   step started
    ✓ step                   step succeeded
    ✗ step: why              step failed
    ⨯ step aborted: why      step stopped (its plan was replaced or became invalid)
  world                      the game's own story: hits, deaths, respawns`;
