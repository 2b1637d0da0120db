import { GameError } from './GameError.js';

/** Who holds a resource: the agent, and the plan (any token the caller chooses) the claim belongs to. */
export interface Claim {
  readonly resource: string;
  readonly agent: string;
  readonly plan: unknown;
}

/** What the board reports, for the game's event log: a claim made, released, or refused. */
export type ReservationEvent =
  | { readonly type: 'claimed'; readonly claim: Claim }
  | { readonly type: 'released'; readonly claim: Claim; readonly why: string }
  | { readonly type: 'refused'; readonly resource: string; readonly agent: string; readonly heldBy: string };

/**
 * One world's reservation board: cover points, trees, weapons, each held by at most one agent's adopted
 * plan. Planning reads {@link ReservationBoard.isFree}; adopting a plan claims its targets; the plan's end,
 * replacement or abort, and the agent's death, release them. The board owns the claims: nothing else writes them.
 * @example
 * const board = new ReservationBoard(['cover0', 'cover1']);
 * board.claim('cover0', 'soldier3', plan); // true
 * board.isFree('cover0', 'soldier4'); // false
 */
export class ReservationBoard {
  private readonly known: Set<string>;
  private readonly holders = new Map<string, Claim>();
  private readonly byAgent = new Map<string, Set<string>>();
  private readonly listeners: ((e: ReservationEvent) => void)[] = [];

  constructor(resources: Iterable<string>) {
    this.known = new Set(resources);
  }

  /** Hear every claim, release and refusal. */
  subscribe(listener: (e: ReservationEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Whether `resource` is on the board. */
  has(resource: string): boolean {
    return this.known.has(resource);
  }

  /** Whether `agent` may plan with `resource`: on the board and unclaimed or claimed by `agent` itself. Throws on an unknown resource. */
  isFree(resource: string, agent: string): boolean {
    this.check(resource);
    const c = this.holders.get(resource);
    return c === undefined || c.agent === agent;
  }

  /** The claim on `resource`, or null. */
  holder(resource: string): Claim | null {
    return this.holders.get(resource) ?? null;
  }

  /** Claims `agent` holds now. */
  claimsOf(agent: string): Claim[] {
    const out: Claim[] = [];
    for (const r of this.byAgent.get(agent) ?? []) out.push(this.holders.get(r)!);
    return out;
  }

  /** Every claim held now. */
  claims(): Claim[] {
    return [...this.holders.values()];
  }

  /**
   * Claim `resource` for `agent`'s plan `plan`: false (and a `refused` event) when another agent holds it;
   * re-claiming one's own resource moves it to the new plan. Throws a {@link GameError} `UNKNOWN_RESOURCE`
   * naming the resource when it is not on the board.
   */
  claim(resource: string, agent: string, plan: unknown): boolean {
    this.check(resource);
    const held = this.holders.get(resource);
    if (held !== undefined && held.agent !== agent) {
      this.emit({ type: 'refused', resource, agent, heldBy: held.agent });
      return false;
    }
    const claim: Claim = { resource, agent, plan };
    this.holders.set(resource, claim);
    let mine = this.byAgent.get(agent);
    if (mine === undefined) this.byAgent.set(agent, (mine = new Set()));
    mine.add(resource);
    if (held === undefined) this.emit({ type: 'claimed', claim });
    return true;
  }

  /** Release every claim of `agent` whose plan is not `keep` (the plan it runs now, or null to release all). */
  releaseExcept(agent: string, keep: unknown, why: string): number {
    const mine = this.byAgent.get(agent);
    if (mine === undefined) return 0;
    let n = 0;
    for (const r of [...mine]) {
      const c = this.holders.get(r)!;
      if (keep !== null && c.plan === keep) continue;
      this.drop(c, why);
      n++;
    }
    return n;
  }

  /** Release one resource if `agent` holds it. */
  release(resource: string, agent: string, why: string): boolean {
    const c = this.holders.get(resource);
    if (c === undefined || c.agent !== agent) return false;
    this.drop(c, why);
    return true;
  }

  /** Take a resource off the board (its entity is gone): its claim, if any, is released and the former holder returned. */
  retire(resource: string): string | null {
    const c = this.holders.get(resource);
    this.known.delete(resource);
    if (c === undefined) return null;
    this.drop(c, 'entity gone');
    return c.agent;
  }

  private drop(c: Claim, why: string): void {
    this.holders.delete(c.resource);
    const mine = this.byAgent.get(c.agent);
    mine?.delete(c.resource);
    if (mine?.size === 0) this.byAgent.delete(c.agent);
    this.emit({ type: 'released', claim: c, why });
  }

  private check(resource: string): void {
    if (!this.known.has(resource)) throw new GameError('UNKNOWN_RESOURCE', resource, `No resource "${resource}" on the reservation board (unknown or gone).`);
  }

  private emit(e: ReservationEvent): void {
    for (const l of this.listeners) l(e);
  }
}
