import type { SearchTrace } from '@dualplan/world-state';
import type { Mutable } from './AgentEntry.js';
import type { PlanningRun } from './Recording.js';

/** @internal A search within `max` items (nodes, candidates and events), cut (and `run` marked truncated) when larger. */
export function cutSearch(s: SearchTrace, run: Mutable<PlanningRun>, max: number): SearchTrace {
  if (s.nodes.length + s.candidates.length + s.events.length <= max) return s;
  run.truncated = true;
  const nodes = s.nodes.slice(0, Math.ceil(max / 4));
  const kept = nodes.length;
  return {
    ...s,
    nodes,
    candidates: s.candidates.filter((c) => c.node < kept).slice(0, Math.ceil(max / 2)),
    events: s.events.filter((ev) => ev.node < kept).slice(0, max - Math.ceil(max / 4) - Math.ceil(max / 2)),
    path: s.path.filter((id) => id < kept),
  };
}
