import { mulberry32 } from '@dualplan/world-state';

/**
 * A game-sized domain with action costs: an agent walks between rooms
 * (cost = the corridor's length), unlocks doors with keys, takes items, and
 * must fight the guard of a guarded room (with a weapon that beats it) before
 * it can take anything there or leave.
 */
export const DUNGEON_DOMAIN = `; Dungeon crawl, a game-scale GOAP benchmark (written for dualplan).
(define (domain dungeon)
  (:requirements :strips :typing :negative-preconditions :action-costs)
  (:types room item - object key weapon treasure junk - item)
  (:predicates (at ?r - room) (item-at ?i - item ?r - room) (has ?i - item)
               (link ?a ?b - room) (door ?a ?b - room ?k - key)
               (guarded ?r - room) (beats ?w - weapon ?r - room))
  (:functions (total-cost) - number (distance ?a ?b - room) - number)
  (:action walk
    :parameters (?a ?b - room)
    :precondition (and (at ?a) (link ?a ?b) (not (guarded ?a)))
    :effect (and (at ?b) (not (at ?a)) (increase (total-cost) (distance ?a ?b))))
  (:action unlock-and-walk
    :parameters (?a ?b - room ?k - key)
    :precondition (and (at ?a) (door ?a ?b ?k) (has ?k) (not (guarded ?a)))
    :effect (and (at ?b) (not (at ?a)) (increase (total-cost) (distance ?a ?b))))
  (:action take
    :parameters (?i - item ?r - room)
    :precondition (and (at ?r) (item-at ?i ?r) (not (guarded ?r)))
    :effect (and (has ?i) (not (item-at ?i ?r)) (increase (total-cost) 1)))
  (:action fight
    :parameters (?w - weapon ?r - room)
    :precondition (and (at ?r) (guarded ?r) (has ?w) (beats ?w ?r))
    :effect (and (not (guarded ?r)) (increase (total-cost) 3))))
`;

/** The size of a generated dungeon problem: rooms, and how many keys, weapons, guards and treasures it holds. */
export interface DungeonOptions {
  readonly rooms: number;
  readonly keys?: number;
  readonly weapons?: number;
  readonly guards?: number;
  readonly treasures?: number;
  /** Extra corridors beyond the spanning tree (loops). Default rooms / 4. */
  readonly loops?: number;
  /** Items no goal needs, scattered over the rooms: actions a planner should learn to ignore. Default 0. */
  readonly junk?: number;
  readonly seed?: number;
}

/**
 * A seeded dungeon: rooms on a random tree (each room hangs off one of the
 * three before it, so corridors run deep) plus a few loops; doors on tree
 * corridors whose keys lie in earlier rooms; guards whose weapons lie in earlier
 * rooms (so every problem is solvable); junk nobody needs; treasures in the deepest rooms. Goal:
 * hold every treasure and be back at the entrance.
 * @example
 * const text = dungeonProblem({ rooms: 12, keys: 2, weapons: 2, guards: 2, treasures: 2, seed: 1 });
 */
export function dungeonProblem(options: DungeonOptions): string {
  const random = mulberry32(options.seed ?? 1);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const n = options.rooms;
  const rooms = Array.from({ length: n }, (_, i) => `r${i}`);
  const facts: string[] = ['(at r0)', '(= (total-cost) 0)'];
  const corridors: [number, number][] = [];
  for (let i = 1; i < n; i++) corridors.push([int(Math.max(0, i - 3), i - 1), i]);
  const doorAt = new Set<number>();
  const keys = Array.from({ length: options.keys ?? 0 }, (_, k) => `key${k + 1}`);
  for (const key of keys) {
    let i = int(2, n - 1);
    for (let tries = 0; doorAt.has(i) && tries < n; tries++) i = int(2, n - 1);
    doorAt.add(i);
    const [a, b] = corridors[i - 1];
    facts.push(`(door r${a} r${b} ${key})`, `(door r${b} r${a} ${key})`, `(item-at ${key} r${int(0, i - 1)})`);
  }
  const extra = new Set<string>();
  for (let e = 0; e < (options.loops ?? Math.floor(n / 4)); e++) {
    const a = int(0, n - 2);
    const b = Math.min(n - 1, a + int(2, 8));
    if (!doorAt.has(b) && !doorAt.has(a) && b > a + 1) extra.add(`${a} ${b}`);
  }
  for (const [a, b] of [...corridors.filter(([, b]) => !doorAt.has(b)), ...[...extra].map((s) => s.split(' ').map(Number) as [number, number])]) {
    facts.push(`(link r${a} r${b})`, `(link r${b} r${a})`);
  }
  for (const [a, b] of [...corridors, ...[...extra].map((s) => s.split(' ').map(Number) as [number, number])]) {
    const d = int(1, 3);
    facts.push(`(= (distance r${a} r${b}) ${d})`, `(= (distance r${b} r${a}) ${d})`);
  }
  const weapons = Array.from({ length: options.weapons ?? 0 }, (_, k) => `weapon${k + 1}`);
  const guarded = new Set<number>();
  for (let g = 0; g < (options.guards ?? 0) && weapons.length > 0; g++) {
    const r = int(2, n - 1);
    if (guarded.has(r)) continue;
    guarded.add(r);
    facts.push(`(guarded r${r})`, `(beats ${weapons[int(0, weapons.length - 1)]} r${r})`);
  }
  // Each weapon lies before the first room it is needed in (or anywhere when unused).
  for (const w of weapons) {
    const needs = [...guarded].filter((r) => facts.includes(`(beats ${w} r${r})`));
    facts.push(`(item-at ${w} r${int(0, Math.max(0, Math.min(n - 1, ...needs) - 1))})`);
  }
  const junk = Array.from({ length: options.junk ?? 0 }, (_, k) => `junk${k + 1}`);
  for (const j of junk) facts.push(`(item-at ${j} r${int(0, n - 1)})`);
  const treasures = Array.from({ length: options.treasures ?? 1 }, (_, k) => `treasure${k + 1}`);
  treasures.forEach((t, k) => facts.push(`(item-at ${t} r${n - 1 - k})`));
  return `(define (problem dungeon-${n}-${options.seed ?? 1})
  (:domain dungeon)
  (:objects ${rooms.join(' ')} - room ${[...keys, ''].join(' ')}${keys.length ? '- key ' : ''}${weapons.length ? `${weapons.join(' ')} - weapon ` : ''}${junk.length ? `${junk.join(' ')} - junk ` : ''}${treasures.join(' ')} - treasure)
  (:init ${facts.join(' ')})
  (:goal (and (at r0) ${treasures.map((t) => `(has ${t})`).join(' ')}))
  (:metric minimize (total-cost)))
`;
}
