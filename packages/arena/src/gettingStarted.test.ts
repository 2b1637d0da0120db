import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The imports of docs/getting-started.md's snippets (checked below), then this test's own.
import { createState } from '@dualplan/world-state';
import { soldierActions, soldierSchema } from '@dualplan/world-state/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { createAgent, formatEvent, OperatorStatus, type Operator } from '@dualplan/runner';
import { trollActions, trollSchema } from '@dualplan/world-state/examples';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { trollGoapDomain } from '@dualplan/goap/examples';
import { Arena } from './Arena.js';
import { trollOperators, type TrollCtx } from './trollAgent.js';
import type { AgentPlanner } from '@dualplan/world-state';
import { soldierHtnDomain } from '@dualplan/htn/examples';

const SELF = readFileSync(join(__dirname, 'gettingStarted.test.ts'), 'utf8');
const DOC = readFileSync(join(__dirname, '../../../docs/getting-started.md'), 'utf8');

/** The fenced blocks (```ts or ```text output) of one `## ` section of the doc, in order. */
function docBlocks(section: string): string[] {
  const start = DOC.indexOf(`\n## ${section}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = DOC.indexOf('\n## ', start + 1);
  const text = DOC.slice(start, end < 0 ? undefined : end);
  return [...text.matchAll(/^```(?:ts|text output)?\n([\s\S]*?)^```$/gm)].map((m) => m[1].replace(/\n$/, ''));
}

/** The lines of this file between `// doc: <name>` and `// end doc`, dedented. */
function ownCode(name: string): string {
  const start = SELF.indexOf(`// doc: ${name}\n`);
  const end = SELF.indexOf('// end doc', start);
  expect(start).toBeGreaterThanOrEqual(0);
  const lines = SELF.slice(SELF.indexOf('\n', start) + 1, end).split('\n').slice(0, -1);
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** `module -> imported names` of a piece of source (`a as b` kept whole, `type` dropped). */
function imports(source: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of source.matchAll(/^import (?:type )?\{([^}]*)\} from '([^']+)';$/gm)) {
    const names = out.get(m[2]) ?? new Set<string>();
    for (const n of m[1].split(',')) names.add(n.trim().replace(/^type /, ''));
    out.set(m[2], names);
  }
  return out;
}

/** The doc's snippet is this file's code, word for word, and this file imports what the snippet imports. */
function expectVerbatim(snippet: string, name: string): void {
  const body = snippet.split('\n').filter((l) => !l.startsWith('import ')).join('\n').trim();
  expect(ownCode(name)).toBe(body);
  const mine = imports(SELF);
  for (const [from, names] of imports(snippet)) expect([...names].filter((n) => !mine.get(from)?.has(n))).toEqual([]);
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('docs/getting-started.md', () => {
  it('prints exactly what the doc shows, for the 20-line agent and after the world changes', () => {
    const [agentCode, printed, changeCode, printedAfter] = docBlocks('A 20-line agent');
    const lines: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    // doc: agent
    const schema = soldierSchema();
    const act = (seconds: number): Operator<{ busyUntil: number }> => ({
      start: (_args, agent) => agent.updateCtx((c) => { c.busyUntil = agent.time + seconds; }),
      update: (_args, agent) => (agent.time >= agent.ctx.busyUntil ? OperatorStatus.Success : OperatorStatus.Running),
    });
    const soldier = createAgent({
      id: 'soldier',
      state: createState(schema),
      ctx: { busyUntil: 0 },
      planner: goapAgentPlanner(new GoapPlanner(soldierGoapDomain(soldierActions(schema)))),
      operators: { scout: act(1), approach: act(1), load: act(0.5), aim: act(0.3), shoot: act(0.1), detonatebomb: act(0.5), flee: act(1) },
      onEvent: (e) => console.log(formatEvent(e)),
    });
    for (let i = 0; i < 40; i++) soldier.tick(0.1);
    // end doc
    expect(lines).toEqual(printed.split('\n'));
    expect(lines[0]).toMatch(/soldier\/main \[goap\] plan found \(noPlan\): (load|scout) → /);
    expect(lines.filter((l) => l.includes('✓'))).toHaveLength(4);
    expect(lines).toContainEqual(expect.stringContaining('plan finished'));
    expect(lines.filter((l) => l.includes(' no plan (noPlan, none): '))).toHaveLength(3);
    lines.length = 0;
    // doc: change
    soldier.state.set(schema.keys.enemyalive, true); // what a sensor would do
    soldier.tick(0.1);
    // end doc
    expect(lines).toEqual(printedAfter.split('\n'));
    expect(lines[0]).toBe('   41    4.10s soldier/main [goap] plan found (noPlan): shoot');
    expect(soldier.state.get(schema.keys.alive)).toBe(true);
    expectVerbatim(agentCode, 'agent');
    expectVerbatim(changeCode, 'change');
  });

  // The doc's own troll block (operators that succeed at once) runs in `npm run check:docs`; this is the arena's.
  it('runs the troll with the arena operators: HTN planner, swapped for GOAP with the same operators', () => {
    const arena = new Arena(7); // the world the operators act in: the player bot, a seeded random source
    const ctx: TrollCtx = { pos: { x: 10, y: 10 }, bridge: 0, trunk: null, lastEnemy: null, lastSeenAt: -Infinity, busyUntil: 0 };
    const actions = trollActions(trollSchema()); // defined once: HTN's primitive tasks, GOAP's actions
    const troll = createAgent({ id: 'troll', state: createState(actions.schema), ctx, planner: htnAgentPlanner(new HtnPlanner(trollHtnDomain({}, actions))), operators: trollOperators(arena) });
    troll.setPlanner(goapAgentPlanner(new GoapPlanner(trollGoapDomain(actions))));
    const keys = troll.state.schema.keys;
    // What the troll's sensors would report (see trollSensors): the player is in sight and reachable.
    troll.state.set(keys.WsCanSeeEnemy, true);
    troll.state.set(keys.WsCanNavigateToEnemy, true);
    const started: string[] = []; // running steps, in order
    for (let i = 0; i < 30; i++) {
      arena.advance(0.1);
      troll.tick(0.1);
      const step = troll.runner().runningStep;
      if (step !== null && started[started.length - 1] !== step.task) started.push(step.task);
    }
    const runner = troll.runner();
    expect(runner.planner.kind).toBe('goap');
    expect(runner.stats.plansFound).toBeGreaterThan(0);
    expect(started[0]).toBe('NavigateToTrunk'); // no trunk yet: the GOAP troll fetches one to attack with
    expect(troll.ctx.pos).not.toEqual(ctx.pos); // the arena's NavigateTo operator walked it there
  });

  it('runs the README agent on HTN by swapping the planner and nothing else', () => {
    const lines: string[] = [];
    const schema = soldierSchema();
    const soldier = readmeAgent(schema, htnAgentPlanner(new HtnPlanner(soldierHtnDomain(soldierActions(schema)))), lines);
    for (let i = 0; i < 40; i++) soldier.tick(0.1);
    expect(lines[0]).toMatch(/soldier\/main \[htn\] plan found \(noPlan\): scout → load → aim → shoot/);
    expect(lines.filter((l) => l.includes('✓'))).toHaveLength(4);
    expect(soldier.state.get(schema.keys.enemyalive)).toBe(false);
    expect(soldier.state.get(schema.keys.alive)).toBe(true);
  });
});

/** The README's 20-line agent, with the planner given and the lines collected. */
function readmeAgent(schema: ReturnType<typeof soldierSchema>, planner: AgentPlanner, lines: string[]) {
  const act = (seconds: number): Operator<{ busyUntil: number }> => ({
    start: (_args, agent) => agent.updateCtx((c) => { c.busyUntil = agent.time + seconds; }),
    update: (_args, agent) => (agent.time >= agent.ctx.busyUntil ? OperatorStatus.Success : OperatorStatus.Running),
  });
  return createAgent({
    id: 'soldier',
    state: createState(schema),
    ctx: { busyUntil: 0 },
    planner,
    operators: { scout: act(1), approach: act(1), load: act(0.5), aim: act(0.3), shoot: act(0.1), detonatebomb: act(0.5), flee: act(1) },
    onEvent: (e) => lines.push(formatEvent(e)),
  });
}
