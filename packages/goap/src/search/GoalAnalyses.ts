import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import { goalParts, type GoalParts } from '../domain/goalParts.js';
import { relevantActions } from '../domain/relevantActions.js';

/**
 * What a search works out about a goal once and reuses for every later search towards it: the actions relevant to
 * it and its independent parts. Computed on first use, kept per goal (a goal made on the fly is dropped with it). @internal
 */
export class GoalAnalyses {
  private readonly relevance = new WeakMap<CompiledGoal, Uint8Array>();
  private readonly parts = new WeakMap<CompiledGoal, GoalParts>();
  /** The goal asked about last and its relevance: game agents plan towards the same few goals over and over. */
  private lastGoal: CompiledGoal | null = null;
  private lastRelevant: Uint8Array | null = null;

  constructor(private readonly domain: GoapDomain) {}

  /** Relevance analysis of goal `g`: 1 per action relevant to it. */
  relevantTo(g: CompiledGoal): Uint8Array {
    if (g === this.lastGoal) return this.lastRelevant!;
    let keep = this.relevance.get(g);
    if (keep === undefined) this.relevance.set(g, (keep = relevantActions(this.domain, g)));
    this.lastGoal = g;
    this.lastRelevant = keep;
    return keep;
  }

  /** The independent parts of goal `g` over its relevant actions. */
  partsOf(g: CompiledGoal): GoalParts {
    let parts = this.parts.get(g);
    if (parts === undefined) this.parts.set(g, (parts = goalParts(this.domain, g, this.relevantTo(g))));
    return parts;
  }
}
