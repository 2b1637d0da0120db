import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainDocument, DomainRegistry } from './DomainDocument.js';

/** @internal Test helpers: the example documents as shipped, and the troll's registry in TypeScript. */
export function exampleText(name: 'soldier' | 'troll'): string {
  return readFileSync(join(__dirname, '..', 'examples', `${name}.json`), 'utf8');
}

export function example(name: 'soldier' | 'troll'): DomainDocument {
  return JSON.parse(exampleText(name)) as DomainDocument;
}

export const trollRegistry: DomainRegistry = {
  validity: {
    isTired: (s) => s.get(s.schema.keys.WsIsTired as never),
    seesEnemy: (s) => s.get(s.schema.keys.WsCanSeeEnemy as never),
    lostSightOfEnemy: (s) => s.get(s.schema.keys.WsHasSeenEnemyRecently as never) && !s.get(s.schema.keys.WsCanSeeEnemy as never),
  },
};
