/**
 * The JSON Schema of a {@link Recording} (see Recording.ts): every field the
 * monitor's printers and page read, with its type. Fields it does not name are
 * allowed (newer monitors add optional fields and timeline event types, which
 * readers ignore). Only `loadRecording`'s validator imports it.
 */

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const strings = { type: 'array', items: str } as const;
const numbers = { type: 'array', items: num } as const;
const numOrNull = { type: ['number', 'null'] } as const;

/** An object with exactly these required fields (others allowed). */
function object(properties: Record<string, object>, optional: readonly string[] = []) {
  return { type: 'object', required: Object.keys(properties).filter((k) => !optional.includes(k)), properties } as const;
}
const byName = (value: object) => ({ type: 'object', additionalProperties: value }) as const;

const namedState = byName({ type: ['boolean', 'number', 'string'] });

const step = object({
  task: str,
  operator: str,
  args: { type: 'array' },
  cost: num,
  conditions: strings,
  effects: strings,
  expectedEffects: strings,
  predicted: namedState,
});

const plan = object(
  {
    planner: str,
    cost: num,
    steps: { type: 'array', items: step },
    target: str,
    mtr: numbers,
    priority: numOrNull,
    partial: bool,
    parallel: { type: 'array', items: object({ task: str, start: int, split: int, end: int, race: { type: 'boolean' } }, ['race']) },
  },
  ['parallel'],
);

const search = object({
  planner: str,
  target: str,
  mode: str,
  status: str,
  reason: str,
  nodes: {
    type: 'array',
    items: object({
      id: int,
      parent: int,
      from: int,
      kind: str,
      label: str,
      via: { type: ['string', 'null'] },
      g: num,
      h: num,
      verdict: str,
      detail: str,
      onPath: bool,
      abandoned: bool,
    }),
  },
  candidates: { type: 'array', items: object({ node: int, name: str, index: int, verdict: str, detail: str }) },
  events: { type: 'array', items: object({ type: str, node: int }) },
  path: { type: 'array', items: int },
  plan: strings,
  cost: num,
  mtr: numbers,
  backtracks: num,
  whyNoPlan: str,
});

const run = object({
  id: int,
  runner: str,
  planner: str,
  tick: num,
  time: num,
  trigger: str,
  state: namedState,
  status: str,
  reason: str,
  outcome: str,
  decision: str,
  plan: { anyOf: [{ type: 'null' }, plan] },
  searches: { type: 'array', items: search },
  goals: {
    type: 'array',
    items: object({ name: str, priority: numOrNull, valid: bool, invalid: str, satisfied: bool, plannable: { type: ['boolean', 'null'] }, chosen: bool }, [
      'invalid',
    ]),
  },
  planMs: num,
  truncated: bool,
});

/** The fields each known timeline event type needs besides `seq`, `tick`, `time`, `runner`, `type`. */
const EVENT_FIELDS: Record<string, Record<string, object>> = {
  planning: { run: int },
  replanSkipped: { trigger: str, reason: str },
  stepStarted: { task: str, index: int, run: int },
  stepSucceeded: { task: str, index: int, run: int },
  stepFailed: { task: str, index: int, run: int, reason: str },
  stepAborted: { task: str, index: int, run: int, reason: str },
  planFinished: { run: int },
  planFailed: { run: int, reason: str },
  stateChanged: { by: str, changes: namedState },
};

const event = {
  ...object({ seq: num, tick: num, time: num, runner: str, type: str }),
  allOf: Object.entries(EVENT_FIELDS).map(([type, fields]) => ({
    if: { type: 'object', required: ['type'], properties: { type: { const: type } } },
    then: object(fields),
  })),
};

const counts = object({ considered: num, rejected: num, selected: num, executed: num, succeeded: num, failed: num });

const stats = object({
  planningRuns: num,
  callsPerSecond: num,
  planMs: object({ p50: num, p90: num, p99: num, max: num, mean: num }),
  actions: byName(counts),
  methods: byName(counts),
  compounds: byName(counts),
  goals: byName(counts),
  conditions: byName(object({ held: num, failed: num })),
  neverSelected: object({ actions: strings, methods: strings, compounds: strings, goals: strings }),
  events: byName(num),
});

const agent = object(
  {
    id: str,
    runners: byName(str),
    keys: { type: 'array', items: object({ name: str, kind: { enum: ['bool', 'enum', 'int'] }, values: strings }, ['values']) },
    actions: strings,
    compounds: strings,
    methods: strings,
    goals: strings,
    catalog: byName(
      object({ kind: { enum: ['action', 'method', 'goal'] }, conditions: strings, effects: strings, cost: numOrNull, priority: numOrNull, subtasks: strings }, [
        'priority',
        'subtasks',
      ]),
    ),
    runs: { type: 'array', items: run },
    timeline: { type: 'array', items: event },
    dropped: object({ runs: num, events: num }),
    stats,
  },
  ['catalog'],
);

/** The schema (JSON Schema 2020-12) of a whole recording; `format` and `version` are checked before it. */
export const recordingJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...object({ format: { const: 'dualplan-recording' }, version: int, started: str, agents: { type: 'array', items: agent } }),
} as const;
