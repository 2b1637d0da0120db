import type { TraceVerdict } from '@dualplan/world-state';

/** One expanded node: the regressed goal (backward) or state (forward), with g and h. */
export interface TraceExpansion {
  readonly node: number;
  readonly parent: number;
  /** The action that led here from the parent, or null for the root. */
  readonly action: string | null;
  readonly g: number;
  readonly h: number;
  /** Readable node: open conditions (backward) or the state (forward). */
  readonly label: string;
}

/** One action looked at while expanding `node`, with the rule or condition that discarded it. */
export interface TraceConsideration {
  readonly node: number;
  readonly action: string;
  readonly verdict: TraceVerdict;
  /** The failing condition or effect, e.g. `alive == true vs effect alive = false`. */
  readonly detail: string;
}

/** A condition the planner needed that no usable action can achieve. */
export interface UnachievableCondition {
  readonly condition: string;
  /** The goal or action whose requirement it is. */
  readonly neededBy: string;
  /** Actions with an effect on the key, and why each cannot achieve the condition. */
  readonly candidates: readonly { readonly action: string; readonly reason: string }[];
}

/** The "why no plan" summary. */
export interface WhyNoPlan {
  readonly goal: string;
  readonly unachievable: readonly UnachievableCondition[];
  /** One readable paragraph. */
  readonly summary: string;
}

/**
 * Opt-in search trace (Ubisoft's planner monitor): every expanded node with g
 * and h, and every action considered with the verdict. Only allocated and
 * written when the planner was created with `trace: true`.
 * @example
 * const planner = new GoapPlanner(domain, { trace: true });
 * planner.plan(state, 'killEnemy');
 * for (const c of planner.trace!.considered) if (c.verdict !== 'kept') console.log(c.action, c.verdict, c.detail);
 */
export class GoapTrace {
  goal = '';
  mode: 'backward' | 'forward' = 'backward';
  readonly expanded: TraceExpansion[] = [];
  readonly considered: TraceConsideration[] = [];
  /** Set when the search ended without a plan. */
  whyNoPlan: WhyNoPlan | null = null;

  /** Empties the trace for a new search towards `goal`. The planner calls it; the arrays are reused. */
  clear(goal: string, mode: 'backward' | 'forward'): void {
    this.goal = goal;
    this.whyNoPlan = null;
    this.mode = mode;
    this.expanded.length = 0;
    this.considered.length = 0;
  }

  /** Readable dump, one line per entry. */
  toString(): string {
    const lines = [`goal ${this.goal} (${this.mode})`];
    for (const e of this.expanded) {
      lines.push(`#${e.node} g=${e.g} h=${e.h} via ${e.action ?? '-'}: ${e.label}`);
      for (const c of this.considered) if (c.node === e.node) lines.push(`   ${c.action}: ${c.verdict}${c.detail ? ` (${c.detail})` : ''}`);
    }
    return lines.join('\n');
  }
}
