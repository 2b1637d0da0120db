import { DualplanError, type Schema } from '@dualplan/world-state';
import { sameLayout } from '../domain/sameLayout.js';

/**
 * @internal The schemas a search has seen delegates plan over, each checked once against the planning state's: a
 * delegate's steps run on the planning state, so their schema must lay its keys out the same way.
 */
export class LayoutCheck {
  private readonly compatible = new WeakSet<Schema>();

  constructor(private readonly planning: Schema) {}

  /** Throws SCHEMA_MISMATCH (naming `task`) when `schema` lays its keys out differently from the planning state's. */
  check(schema: Schema, task: string): void {
    if (schema === this.planning || this.compatible.has(schema)) return;
    if (!sameLayout(schema, this.planning)) {
      throw new DualplanError('SCHEMA_MISMATCH', task, `Delegate of task "${task}" returned steps over a schema with a different layout.`);
    }
    this.compatible.add(schema);
  }
}
