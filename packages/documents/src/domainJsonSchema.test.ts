import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  DOCUMENT_FIELDS,
  domainJsonSchema,
  validateDocument,
  type DocumentAction,
  type DocumentCompound,
  type DocumentCondition,
  type DocumentEffect,
  type DocumentGoal,
  type DocumentGoap,
  type DocumentHtn,
  type DocumentMethod,
  type DomainDocument,
} from './index.js';
import type { KeyDefinition } from '@dualplan/world-state';
import { example } from './testDocuments.js';

// Compile-time half of the sync check: each field list names exactly the fields of its TypeScript type.
type Exactly<T, L extends readonly string[]> = [Exclude<keyof T, L[number]>, Exclude<L[number], keyof T>] extends [never, never] ? true : false;
type KeyFields = 'name' | 'kind' | 'default' | 'values' | 'min' | 'max' | 'edge' | 'slots';
const typesInSync: [
  Exactly<DomainDocument, typeof DOCUMENT_FIELDS.document>,
  Exactly<DocumentAction, typeof DOCUMENT_FIELDS.action>,
  Exactly<DocumentCondition, typeof DOCUMENT_FIELDS.condition>,
  Exactly<DocumentEffect, typeof DOCUMENT_FIELDS.effect>,
  Exactly<DocumentMethod, typeof DOCUMENT_FIELDS.method>,
  Exactly<DocumentCompound, typeof DOCUMENT_FIELDS.compound>,
  Exactly<DocumentHtn, typeof DOCUMENT_FIELDS.htn>,
  Exactly<DocumentGoal, typeof DOCUMENT_FIELDS.goal>,
  Exactly<DocumentGoap, typeof DOCUMENT_FIELDS.goap>,
  [KeyFields] extends [keyof (KeyDefinition & { default?: unknown; values?: unknown; min?: unknown; max?: unknown; edge?: unknown; slots?: unknown })]
    ? true
    : false,
] = [true, true, true, true, true, true, true, true, true, true];

describe('the domain JSON Schema', () => {
  it('lists exactly the fields the loader reads, for every kind of object', () => {
    expect(typesInSync.every(Boolean)).toBe(true);
    const defs = domainJsonSchema.$defs as unknown as Record<string, { properties: object }>;
    const fieldsOf = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    expect(fieldsOf(domainJsonSchema)).toEqual([...DOCUMENT_FIELDS.document].sort());
    for (const kind of ['key', 'condition', 'effect', 'action', 'method', 'compound', 'htn', 'goal', 'goap'] as const) {
      expect([kind, fieldsOf(defs[kind])]).toEqual([kind, [...DOCUMENT_FIELDS[kind]].sort()]);
    }
  });

  it('is shipped as domain.schema.json, equal to the source (run node scripts/writeDomainSchema.mjs after editing it)', () => {
    const shipped = JSON.parse(readFileSync(join(__dirname, '..', 'domain.schema.json'), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(domainJsonSchema)));
  });

  it('is checked by code compiled ahead of time from this schema (run node scripts/writeValidators.mjs after editing it)', () => {
    const script = join(__dirname, '..', '..', '..', 'scripts', 'writeValidators.mjs');
    const run = spawnSync(process.execPath, [script, '--check', '--only', 'documents'], { encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([0, '']);
  });

  it('accepts every example document, each naming the shipped schema for editors', () => {
    for (const name of ['soldier', 'troll'] as const) {
      const doc = example(name);
      expect([name, validateDocument(doc)]).toEqual([name, []]);
      expect(doc.$schema).toBe('../domain.schema.json');
    }
  });

  it('rejects an unknown field anywhere, naming its pointer and the closest allowed field', () => {
    const doc = example('troll') as any;
    doc.htn.tasks[1].methods[0].subtask = [];
    doc.goap.goals[1].prority = 3;
    doc.keys[2].vals = [];
    const problems = validateDocument(doc);
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual([
      'UNKNOWN_FIELD /keys/2/vals',
      'UNKNOWN_FIELD /htn/tasks/1/methods/0/subtask',
      'UNKNOWN_FIELD /goap/goals/1/prority',
    ]);
    expect(problems[2].message).toContain('Did you mean "priority"?');
  });

  it('keeps opaque and data conditions apart: one clear message per mistake', () => {
    const doc = example('soldier') as any;
    doc.actions[0].conditions.push({ opaque: 'ready', key: 'alive' });
    doc.actions[0].conditions.push({ key: 'alive', op: '=', value: true });
    const problems = validateDocument(doc);
    expect(problems.map((p) => `${p.code} ${p.path}`)).toEqual(['UNKNOWN_FIELD /actions/0/conditions/1/key', 'BAD_VALUE /actions/0/conditions/2/op']);
    expect(problems[1].message).toBe('/actions/0/conditions/2/op: "=" is not one of "==", "!=", "<", "<=", ">", ">=", "in". Did you mean "=="?');
  });
});
