/**
 * One planner event, recorded only when tracing is on. Plain data, so a monitor
 * can show every decomposition, every method tried and the exact failing condition.
 * `decompose.subtasks` is how many subtasks the chosen method put in front of the
 * task list (so a reader can rebuild the tree); `pause.remaining` is -1 for a pause
 * point that was a no-op (nothing planned before it, or nothing after it).
 * `htnSearchTrace` turns a list of these into the planner-neutral `SearchTrace`.
 */
export type HtnTraceEvent =
  | {
      readonly type: 'decompose';
      readonly task: string;
      readonly method: string;
      readonly methodIndex: number;
      readonly depth: number;
      readonly subtasks: number;
    }
  | {
      readonly type: 'method-rejected';
      readonly task: string;
      readonly method: string;
      readonly methodIndex: number;
      readonly reason: 'condition' | 'subtasks' | 'pruned' | 'unavailable';
      readonly condition: string;
    }
  | { readonly type: 'no-method'; readonly task: string }
  | { readonly type: 'primitive'; readonly task: string; readonly args: readonly unknown[] }
  | { readonly type: 'primitive-failed'; readonly task: string; readonly condition: string; readonly unavailable?: true }
  | { readonly type: 'backtrack'; readonly task: string; readonly fromMethod: number }
  | { readonly type: 'delegate'; readonly task: string; readonly status: string; readonly steps: number; readonly reason: string }
  | { readonly type: 'pause'; readonly remaining: number }
  | { readonly type: 'budget'; readonly reason: string };
