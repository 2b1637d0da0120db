import { didYouMean, showValue } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';

/** How a state breakpoint compares a cell with its value. */
export type BreakpointOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/**
 * Where the game pauses. `agent` limits a breakpoint to one agent (every agent when absent).
 * - `replan`: a planner call of the agent's runner ended (a plan adopted, replaced, kept or none found);
 * - `task`: a plan step named `name` started (a primitive task or GOAP action);
 * - `fault`: a step failed or was aborted, a plan failed, or no plan was found;
 * - `state`: the world state's cell `key` compared with `value` by `op` became true.
 */
export type Breakpoint = { readonly agent?: string } & (
  | { readonly kind: 'replan' }
  | { readonly kind: 'task'; readonly name: string }
  | { readonly kind: 'fault' }
  | { readonly kind: 'state'; readonly key: string; readonly op: BreakpointOp; readonly value: number | boolean | string }
);

/** What a monitor page asks of the game: its breakpoints, or pause, resume and one tick. */
export type DebugCommand =
  | { readonly type: 'setBreakpoints'; readonly breakpoints: readonly Breakpoint[] }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'step' };

/** Why the game stopped: which breakpoint, for which agent, at which tick, and what happened. */
export interface BreakpointHit {
  /** Index of the breakpoint in the list set. */
  readonly breakpoint: number;
  readonly agent: string;
  readonly tick: number;
  readonly detail: string;
}

/** What the page shows: whether the game is paused, why, and the breakpoints set. */
export interface DebugStatus {
  readonly type: 'debugStatus';
  readonly paused: boolean;
  readonly hit: BreakpointHit | null;
  readonly breakpoints: readonly Breakpoint[];
  /** Ticks advanced by `step` since the last pause. */
  readonly stepped: number;
}

/** Most breakpoints at once. */
export const MAX_BREAKPOINTS = 64;
/** The longest name or value text a breakpoint command may carry. */
export const MAX_NAME_LENGTH = 200;

const KINDS = ['replan', 'task', 'fault', 'state'] as const;
const OPS: readonly BreakpointOp[] = ['==', '!=', '<', '<=', '>', '>='];
const COMMANDS = ['setBreakpoints', 'pause', 'resume', 'step'] as const;

function bad(subject: string, text: string): MonitorError {
  return new MonitorError('BAD_COMMAND', subject, text);
}

function nameField(o: Record<string, unknown>, field: string, where: string): string {
  const v = o[field];
  if (typeof v !== 'string' || v === '' || v.length > MAX_NAME_LENGTH)
    throw bad(where, `${where}: ${field} must be a non-empty string of at most ${MAX_NAME_LENGTH} characters, got ${showValue(v)}.`);
  return v;
}

function breakpoint(data: unknown, i: number): Breakpoint {
  const where = `breakpoint ${i}`;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw bad(where, `${where} must be an object, got ${showValue(data)}.`);
  const o = data as Record<string, unknown>;
  const agent = o.agent === undefined ? {} : { agent: nameField(o, 'agent', where) };
  const kind = o.kind;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind))
    throw bad(where, `${where}: unknown kind ${showValue(kind)}; kinds: ${KINDS.join(', ')}.${typeof kind === 'string' ? didYouMean(kind, KINDS) : ''}`);
  switch (kind as (typeof KINDS)[number]) {
    case 'replan':
      return { kind: 'replan', ...agent };
    case 'fault':
      return { kind: 'fault', ...agent };
    case 'task':
      return { kind: 'task', name: nameField(o, 'name', where), ...agent };
    case 'state': {
      const op = o.op;
      if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op))
        throw bad(where, `${where}: op must be one of ${OPS.join(' ')}, got ${showValue(op)}.`);
      const value = o.value;
      const ok =
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isInteger(value)) ||
        (typeof value === 'string' && value !== '' && value.length <= MAX_NAME_LENGTH);
      if (!ok) throw bad(where, `${where}: value must be an integer, a boolean or an enum value's name, got ${showValue(value)}.`);
      return { kind: 'state', key: nameField(o, 'key', where), op: op as BreakpointOp, value: value as number | boolean | string, ...agent };
    }
  }
}

/**
 * A debug command from a monitor page, checked: a known `type`, at most
 * {@link MAX_BREAKPOINTS} breakpoints, each of a known kind with bounded names.
 * Anything else throws a `MonitorError` (`BAD_COMMAND`) naming what is wrong.
 * @example
 * parseDebugCommand({ type: 'setBreakpoints', breakpoints: [{ kind: 'task', name: 'DoSlam' }] });
 * parseDebugCommand({ type: 'step' });
 */
export function parseDebugCommand(data: unknown): DebugCommand {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw bad('command', `A debug command must be an object, got ${showValue(data)}.`);
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string' || !(COMMANDS as readonly string[]).includes(type))
    throw bad(
      'command',
      `Unknown debug command ${showValue(type)}; commands: ${COMMANDS.join(', ')}.${typeof type === 'string' ? didYouMean(type, COMMANDS) : ''}`,
    );
  if (type !== 'setBreakpoints') return { type: type as 'pause' | 'resume' | 'step' };
  const list = (data as { breakpoints?: unknown }).breakpoints;
  if (!Array.isArray(list) || list.length > MAX_BREAKPOINTS)
    throw bad(
      'breakpoints',
      `setBreakpoints needs an array of at most ${MAX_BREAKPOINTS} breakpoints, got ${Array.isArray(list) ? `${list.length}` : showValue(list)}.`,
    );
  return { type: 'setBreakpoints', breakpoints: list.map(breakpoint) };
}
