import type { HddlEffect, HddlFormula } from './HddlModel.js';
import { keyOf } from './groundActions.js';

/** A state as the set of true atom keys, `(pred a b)`. @internal */
export type FactSet = Set<string>;

/** Objects of a type (subtypes included). @internal */
export type ObjectsOf = (type: string) => readonly string[];

const term = (x: string, b: ReadonlyMap<string, string>) => (x.startsWith('?') ? (b.get(x) ?? x) : x);

/** Whether a formula holds in a state under a binding (full first-order: quantifiers over the typed objects). @internal */
export function holdsIn(f: HddlFormula | null, state: ReadonlySet<string>, b: ReadonlyMap<string, string>, objectsOf: ObjectsOf): boolean {
  if (f === null) return true;
  switch (f.kind) {
    case 'atom': {
      const args = f.atom.args.map((x) => term(x, b));
      return f.atom.pred === '=' ? args[0] === args[1] : state.has(keyOf(f.atom.pred, args));
    }
    case 'not':
      return !holdsIn(f.arg, state, b, objectsOf);
    case 'and':
      return f.args.every((a) => holdsIn(a, state, b, objectsOf));
    case 'or':
      return f.args.some((a) => holdsIn(a, state, b, objectsOf));
    case 'imply':
      return !holdsIn(f.args[0], state, b, objectsOf) || holdsIn(f.args[1], state, b, objectsOf);
    default: {
      const inner = new Map(b);
      const each = (i: number): boolean => {
        if (i === f.params.length) return holdsIn(f.body, state, inner, objectsOf);
        const objs = objectsOf(f.params[i].type);
        for (const o of objs) {
          inner.set(f.params[i].name, o);
          const r = each(i + 1);
          if (f.kind === 'exists' ? r : !r) return f.kind === 'exists';
        }
        return f.kind !== 'exists';
      };
      return each(0);
    }
  }
}

/** Apply effects to a state: every condition is read in the state before, deletes go before adds. @internal */
export function applyEffects(effects: readonly HddlEffect[], state: FactSet, b: ReadonlyMap<string, string>, objectsOf: ObjectsOf): void {
  const add: string[] = [];
  const del: string[] = [];
  const collect = (es: readonly HddlEffect[], bind: ReadonlyMap<string, string>): void => {
    for (const e of es) {
      if (e.kind === 'add' || e.kind === 'del')
        (e.kind === 'add' ? add : del).push(
          keyOf(
            e.atom.pred,
            e.atom.args.map((x) => term(x, bind)),
          ),
        );
      else if (e.kind === 'when') {
        if (holdsIn(e.condition, state, bind, objectsOf)) collect(e.body, bind);
      } else if (e.kind === 'forall') {
        const { params, body } = e;
        const inner = new Map(bind);
        const each = (i: number): void => {
          if (i === params.length) return collect(body, inner);
          for (const o of objectsOf(params[i].type)) {
            inner.set(params[i].name, o);
            each(i + 1);
          }
        };
        each(0);
      }
    }
  };
  collect(effects, b);
  for (const d of del) state.delete(d);
  for (const a of add) state.add(a);
}
