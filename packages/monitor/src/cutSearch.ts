import type { SearchTrace } from '@dualplan/world-state';

/** @internal A search within `max` items (nodes, candidates and events): `s` itself when it fits, else a cut copy. */
export function cutSearch(s: SearchTrace, max: number): SearchTrace {
  if (s.nodes.length + s.candidates.length + s.events.length <= max) return s;
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
