import type { Schema } from '@dualplan/world-state';
import type { DomainDocument } from './DomainDocument.js';
import type { LintCode, LintFinding } from './LintFinding.js';

/** @internal What the rules share: the document, its schema and helpers. */
export interface LintContext {
  readonly doc: DomainDocument;
  readonly schema: Schema;
  readonly report: (code: LintCode, severity: LintFinding['severity'], subject: string, path: string, message: string) => void;
}
