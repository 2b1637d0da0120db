import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Key, WorldState } from '@dualplan/world-state';
import type { DomainDocument, DomainRegistry } from './DomainDocument.js';
import { DomainDocumentError } from './DomainDocumentError.js';
import { loadDomain } from './loadDomain.js';

/** @internal Test helpers: the example documents as shipped, and the troll's registry in TypeScript. */
export function exampleText(name: 'soldier' | 'troll'): string {
  return readFileSync(join(__dirname, '..', 'examples', `${name}.json`), 'utf8');
}

export function example(name: 'soldier' | 'troll'): DomainDocument {
  return JSON.parse(exampleText(name)) as DomainDocument;
}

const flag = (state: WorldState, key: string): boolean => state.get(state.schema.cellOf(key) as Key<boolean>);

export const trollRegistry: DomainRegistry = {
  validity: {
    isTired: (s) => flag(s, 'WsIsTired'),
    seesEnemy: (s) => flag(s, 'WsCanSeeEnemy'),
    lostSightOfEnemy: (s) => flag(s, 'WsHasSeenEnemyRecently') && !flag(s, 'WsCanSeeEnemy'),
  },
};

/** The problems `loadDomain` reports for `doc`, as `code path subject: message` lines (none when it loads). */
export function loadProblems(doc: unknown, registry: DomainRegistry = {}): string[] {
  try {
    loadDomain(doc, registry);
  } catch (e) {
    if (e instanceof DomainDocumentError) return e.problems.map((p) => `${p.code} ${p.path} ${p.subject}: ${p.message}`);
    throw e;
  }
  return [];
}
