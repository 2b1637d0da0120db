import type { HtnDomain } from '../domain/HtnDomain.js';
import type { DynamicCalls } from './DynamicCalls.js';
import type { ContinuationTask, HtnContinuation } from './HtnPlan.js';
import type { MethodTrail } from './MethodTrail.js';
import { NIL, type TaskList } from './TaskList.js';

/** @internal Where a search pauses: the tasks still on its list (by name, arguments and static call) and its MTR. */
export function continuationAt(root: string, domain: HtnDomain, calls: DynamicCalls, list: TaskList, trail: MethodTrail): HtnContinuation {
  const tasks: ContinuationTask[] = [];
  const S = domain.staticCalls;
  const nodes = list.nodes;
  for (let n = list.head; n !== NIL; n = nodes[n * 2 + 1]) {
    const call = nodes[n * 2];
    tasks.push({ task: domain.taskNames[calls.taskOf(call)], args: calls.argsOf(call), call: call < S ? call : -1 });
  }
  return { root, tasks, mtr: trail.toArray() };
}
