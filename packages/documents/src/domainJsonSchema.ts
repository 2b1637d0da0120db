import { MAX_ENUM_VALUES } from '@dualplan/world-state';
import { MAX_REPEAT_PASSES } from '@dualplan/htn';
/**
 * The JSON Schema (draft 2020-12) of a domain document. The package ships it as
 * `@dualplan/documents/domain.schema.json` (a test keeps that file equal to this
 * object) so editors validate and complete domain files that name it in `"$schema"`.
 * Structure only: names (keys, values, tasks, actions, functions) are checked by
 * the loader against the document itself and the registry.
 */

const name = { type: 'string', minLength: 1 } as const;
const fnRef = {
  type: 'object',
  description: 'a function reference { "fn": name } resolved from the registry passed at load',
  properties: { fn: name },
  required: ['fn'],
  additionalProperties: false,
} as const;
const scalar = { type: ['boolean', 'integer', 'string'] } as const;
const opaque = {
  type: 'object',
  description: 'a procedural condition or effect { "opaque": name } resolved from the registry',
  properties: { opaque: name },
  required: ['opaque'],
  additionalProperties: false,
} as const;
/** Data or opaque, told apart by the `opaque` field, so a typo reports one clean error instead of every branch's. */
const orOpaque = (ref: string) => ({ if: { type: 'object', required: ['opaque'] }, then: { $ref: '#/$defs/opaque' }, else: { $ref: ref } });

/**
 * The domain document JSON Schema, as an object (`validateDocument` checks against it, compiled ahead of time; `dualplan schema` prints it).
 * @example
 * writeFileSync('domain.schema.json', JSON.stringify(domainJsonSchema, null, 2));
 */
export const domainJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://dualplan.dev/schemas/domain.schema.json',
  title: 'dualplan domain document',
  description: 'One world-state schema, one action set for both planners, an optional HTN domain and optional GOAP goals, everything by name.',
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    keys: { type: 'array', description: 'The world-state schema: one entry per key, in cell order.', items: { $ref: '#/$defs/key' } },
    sensors: {
      type: 'array',
      description: 'Keys written from outside the plan (sensors, bindings): the linter treats them as able to take any value.',
      items: name,
    },
    actions: { type: 'array', description: 'The action set: GOAP actions and HTN primitive tasks at once.', items: { $ref: '#/$defs/action' } },
    htn: { $ref: '#/$defs/htn' },
    goap: { $ref: '#/$defs/goap' },
  },
  required: ['keys', 'actions'],
  additionalProperties: false,
  $defs: {
    key: {
      type: 'object',
      properties: {
        name,
        kind: { enum: ['bool', 'enum', 'merged', 'int'] },
        default: scalar,
        values: { type: 'array', items: name, minItems: 1, maxItems: MAX_ENUM_VALUES },
        min: { type: 'integer' },
        max: { type: 'integer' },
        edge: { enum: ['clamp', 'error'] },
        slots: { type: 'integer', minimum: 1 },
      },
      required: ['name', 'kind'],
      additionalProperties: false,
      allOf: [
        { if: { properties: { kind: { const: 'int' } } }, then: { required: ['min', 'max'] } },
        { if: { properties: { kind: { enum: ['enum', 'merged'] } } }, then: { required: ['values'] } },
      ],
    },
    opaque,
    fnRef,
    condition: {
      type: 'object',
      properties: {
        key: name,
        index: { type: 'integer', minimum: 0 },
        op: { enum: ['==', '!=', '<', '<=', '>', '>=', 'in'] },
        value: { anyOf: [scalar, { type: 'array', items: { type: ['integer', 'string'] }, minItems: 1 }] },
      },
      required: ['key', 'op', 'value'],
      additionalProperties: false,
    },
    effect: {
      type: 'object',
      properties: {
        key: name,
        index: { type: 'integer', minimum: 0 },
        op: { enum: ['set', 'add', 'sub'] },
        value: scalar,
        edge: { enum: ['clamp', 'error'] },
      },
      required: ['key', 'op', 'value'],
      additionalProperties: false,
    },
    conditions: { type: 'array', items: orOpaque('#/$defs/condition') },
    effects: { type: 'array', items: orOpaque('#/$defs/effect') },
    cost: { description: 'a number >= 0 or a function reference { "fn": name }', oneOf: [{ type: 'number', minimum: 0 }, { $ref: '#/$defs/fnRef' }] },
    action: {
      type: 'object',
      properties: {
        name,
        operator: name,
        args: { type: 'array' },
        conditions: { $ref: '#/$defs/conditions' },
        effects: { $ref: '#/$defs/effects' },
        expectedEffects: { $ref: '#/$defs/effects' },
        executing: { $ref: '#/$defs/conditions' },
        cost: { $ref: '#/$defs/cost' },
        interrupt: { enum: ['uninterruptible', 'boundary', 'immediate'] },
        decorators: { $ref: '#/$defs/decorators' },
      },
      required: ['name'],
      additionalProperties: false,
    },
    decorators: {
      type: 'object',
      description:
        "behaviour decorators, planned with and run: cooldown seconds after the step's end (or start), once per agent or per plan, seconds between run-time checks, retries of a failed step",
      properties: {
        cooldown: { type: 'number', exclusiveMinimum: 0 },
        cooldownFrom: { enum: ['start', 'end'] },
        once: { enum: [true, false, 'agent', 'plan'] },
        checkEvery: { type: 'number', exclusiveMinimum: 0 },
        retries: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
    subtask: {
      description:
        'a task or action name, { "task": name, "args": [...] }, a pause point { "pause": true }, an optional subtask { "optional": task } or an any-order group { "anyOrder": [tasks] }',
      oneOf: [
        { $ref: '#/$defs/taskRef' },
        { type: 'object', properties: { pause: { const: true } }, required: ['pause'], additionalProperties: false },
        { type: 'object', properties: { optional: { $ref: '#/$defs/taskRef' } }, required: ['optional'], additionalProperties: false },
        {
          type: 'object',
          properties: { anyOrder: { type: 'array', items: { $ref: '#/$defs/taskRef' }, minItems: 1, maxItems: 6 } },
          required: ['anyOrder'],
          additionalProperties: false,
        },
      ],
    },
    taskRef: {
      description: 'a task or action name, or { "task": name, "args": [...] }',
      oneOf: [name, { type: 'object', properties: { task: name, args: { type: 'array' } }, required: ['task'], additionalProperties: false }],
    },
    method: {
      type: 'object',
      properties: {
        name,
        conditions: { $ref: '#/$defs/conditions' },
        subtasks: {
          description: 'a list of subtasks, or a function reference { "fn": name } computing them',
          oneOf: [{ type: 'array', items: { $ref: '#/$defs/subtask' } }, { $ref: '#/$defs/fnRef' }],
        },
        cost: { type: 'number', minimum: 0 },
        weight: { description: "relative chance under select 'random'", type: 'number', minimum: 0 },
        check: {
          description: 'when the conditions are checked: at plan time, also before each step, or every tick while the subtree runs',
          enum: ['plan', 'step', 'tick'],
        },
        utility: {
          description: 'score under select \'utility\': a number or a function reference { "fn": name }',
          oneOf: [{ type: 'number' }, { $ref: '#/$defs/fnRef' }],
        },
        decorators: { $ref: '#/$defs/decorators' },
        repeat: { $ref: '#/$defs/repeat' },
      },
      required: ['subtasks'],
      additionalProperties: false,
    },
    compound: {
      type: 'object',
      properties: {
        name,
        methods: { type: 'array', items: { $ref: '#/$defs/method' } },
        select: { enum: ['first', 'random', 'utility'] },
        decorators: { $ref: '#/$defs/decorators' },
        repeat: { $ref: '#/$defs/repeat' },
        adjustable: {
          description: 'plan adjustment: while a plan runs, this part is planned again when the world changes before it starts; the rest of the plan runs on',
          type: 'boolean',
        },
      },
      required: ['name', 'methods'],
      additionalProperties: false,
    },
    repeat: {
      type: 'object',
      description:
        'run the subtasks several times, unrolled by the planner: times passes (the bound, 1 to 100, required by the loader), or passes while the conditions hold, at most times',
      properties: {
        times: { type: 'integer', minimum: 0, maximum: MAX_REPEAT_PASSES },
        while: { $ref: '#/$defs/conditions' },
        check: { description: 'when the runner checks while again (default step)', enum: ['plan', 'step', 'tick'] },
      },
      additionalProperties: false,
    },
    parallel: {
      type: 'object',
      description:
        'two subtask lists planned together and run at the same time by two runners of one agent; they may not write the same key, nor one a key the other reads; a race (race: true) ends the other branch when the first finishes',
      properties: {
        name,
        primary: { type: 'array', items: { $ref: '#/$defs/subtask' } },
        secondary: { type: 'array', items: { $ref: '#/$defs/subtask' } },
        race: { type: 'boolean' },
      },
      required: ['name', 'primary', 'secondary'],
      // A plain parallel task needs both branches; a race with one branch is left to the linter (RACE_ONE_BRANCH) and the loader.
      if: { properties: { race: { const: true } }, required: ['race'] },
      else: { properties: { primary: { type: 'array', minItems: 1 }, secondary: { type: 'array', minItems: 1 } } },
      additionalProperties: false,
    },
    delegate: {
      type: 'object',
      description:
        'a task planned by a function the game gives the HTN planner (its delegates option, under the key delegate, default the name), e.g. a GOAP planner',
      properties: { name, delegate: name, args: { type: 'array' } },
      required: ['name'],
      additionalProperties: false,
    },
    htn: {
      type: 'object',
      description: "The HTN domain: compound tasks whose methods refine into the action set's actions.",
      properties: {
        root: name,
        tasks: { type: 'array', items: { $ref: '#/$defs/compound' } },
        parallel: { type: 'array', items: { $ref: '#/$defs/parallel' } },
        slots: {
          description: 'slot names: methods call them like tasks; an agent plugs a sub-domain into each at run time',
          type: 'array',
          items: name,
          uniqueItems: true,
        },
        delegates: { type: 'array', items: { $ref: '#/$defs/delegate' } },
      },
      required: ['tasks'],
      additionalProperties: false,
    },
    goal: {
      type: 'object',
      properties: {
        name,
        conditions: { type: 'array', items: { $ref: '#/$defs/condition' } },
        priority: { description: 'a number or a function reference { "fn": name }', oneOf: [{ type: 'number' }, { $ref: '#/$defs/fnRef' }] },
        valid: { $ref: '#/$defs/fnRef' },
        cooldown: {
          description: 'after `failures` failed plans within `window` seconds, goal selection skips the goal for `seconds`',
          type: 'object',
          properties: {
            failures: { type: 'integer', minimum: 1 },
            window: { type: 'number', exclusiveMinimum: 0 },
            seconds: { type: 'number', exclusiveMinimum: 0 },
          },
          required: ['failures', 'window', 'seconds'],
          additionalProperties: false,
        },
        bestEffort: { description: 'when no plan reaches every condition, plan to the most (weighted) of them, marked partial', type: 'boolean' },
        weights: { description: 'with bestEffort: one weight >= 0 per condition', type: 'array', items: { type: 'number', minimum: 0 } },
      },
      required: ['name', 'conditions'],
      additionalProperties: false,
    },
    goap: {
      type: 'object',
      description: 'The GOAP domain: the action set plus these goals.',
      properties: { goals: { type: 'array', items: { $ref: '#/$defs/goal' } } },
      required: ['goals'],
      additionalProperties: false,
    },
  },
} as const;
