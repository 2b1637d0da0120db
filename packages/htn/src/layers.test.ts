import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

// The package's layers, lowest first: a file may import from its own layer and
// the ones below, and from errors.ts (a leaf). The façade (HtnPlanner,
// HtnPlannerOptions, index) and the examples sit on top.
const LAYERS = ['domain', 'search', 'slots', 'planning', 'diagnostics', 'agent'];
// Type-only imports upwards that the layering allows: the public agent functions
// take the planner and its options, and the search engines (planning/) a plan request. (The search writes its trace through its own
// HtnTraceLog, and slots/ hands the planner's sub-planners back as an opaque type,
// so neither imports the planner.)
const TYPE_EXCEPTIONS: readonly [string, string][] = [
  ['agent', 'HtnPlanner.ts'],
  ['agent', 'HtnPlannerOptions.ts'],
  ['planning', 'HtnPlannerOptions.ts'],
];

const root = __dirname;

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') && e.name !== 'testUtil.ts' ? [relative(root, path)] : [];
  });
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(join(root, file), 'utf8');
  const edges: Edge[] = [];
  for (const m of text.matchAll(/^(import|export)(\s+type)?[^;]*?from '(\.[^']+)';/gms)) {
    const to = normalize(join(dirname(file), m[3].replace(/\.js$/, '.ts')));
    const named = m[0].match(/\{([^}]*)\}/);
    // `import { type A, type B }` is type-only too.
    const allTypes = named !== null && named[1].split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '));
    edges.push({ from: file, to, typeOnly: m[2] !== undefined || allTypes });
  }
  return edges;
}

const layerOf = (file: string): number => LAYERS.indexOf(file.split('/')[0]);

describe('htn package layers', () => {
  const files = sourceFiles(root);
  const edges = files.flatMap(importsOf);

  it('reads the source files and their imports', () => {
    expect(files).toEqual(expect.arrayContaining(['HtnPlanner.ts', 'search/OrderedSearch.ts', 'slots/SlotBoard.ts', 'domain/compileHtnDomain.ts']));
    expect(edges.some((e) => e.from === 'search/GeneralPath.ts' && e.to === 'search/MethodOrder.ts')).toBe(true);
  });

  it('imports only from its own layer or lower ones (and errors.ts)', () => {
    const upward = edges.filter((e) => {
      const from = layerOf(e.from);
      if (from < 0 || e.to === 'errors.ts') return false;
      const to = layerOf(e.to);
      if (to >= 0 && to <= from) return false;
      return !(e.typeOnly && TYPE_EXCEPTIONS.some(([layer, target]) => e.from.startsWith(`${layer}/`) && e.to === target));
    });
    expect(upward.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('has no import cycles, type-only imports included', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const state = new Map<string, 1 | 2>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      state.set(file, 1);
      for (const to of next.get(file) ?? []) {
        if (state.get(to) === 1) cycles.push([...path.slice(path.indexOf(to)), to].join(' -> '));
        else if (!state.has(to)) visit(to, [...path, to]);
      }
      state.set(file, 2);
    };
    for (const f of files) if (!state.has(f)) visit(f, [f]);
    expect(cycles).toEqual([]);
  });
});
