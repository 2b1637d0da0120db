import { DualplanError } from '@dualplan/world-state';

/**
 * Bad input to the runner: an unknown operator id, a bad sensor interval, a
 * negative `dt`, a bad option; or `REENTRANT_CALL`, a call into an agent
 * (`tick()`, `setPlanner()`, `abortPlan()`...) from one of its own callbacks
 * while the agent runs it. `subject` names the operator, sensor, option or call
 * at fault. (User code that fails while running is not thrown but contained and
 * reported as a `fault` event with a `UserCodeError`.)
 * @example
 * try { agent.tick(-1); } catch (e) { if (e instanceof RunnerError) console.log(e.code, e.subject); }
 */
export class RunnerError extends DualplanError {}
