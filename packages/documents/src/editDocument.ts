import { produce, type Draft } from 'immer';
import type { DomainDocument } from './DomainDocument.js';

/**
 * Edit a domain document immutably (immer `produce`): the recipe mutates a
 * draft, the original is untouched and unchanged parts are shared. For modding,
 * hot reload and tools; load the result with `loadDomain` to validate and compile
 * it. Never on a per-tick path.
 * @example
 * const harder = editDocument(doc, (d) => {
 *   d.actions.find((a) => a.name === 'DoTrunkSlam')!.cost = 1;
 * });
 * const { htn } = loadDomain(harder, registry);
 */
export function editDocument(doc: DomainDocument, recipe: (draft: Draft<DomainDocument>) => void): DomainDocument {
  return produce(doc, recipe);
}
