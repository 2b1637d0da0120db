// Writes the JSON Schema validators as plain code ahead of time (ajv's standalone output), so that checking a
// domain document or a recording compiles nothing at run time: no `new Function` (pages keep a Content Security
// Policy without 'unsafe-eval') and no compile on the first check (the domain schema took 0.2-0.6 s to compile).
//
//   node scripts/writeValidators.mjs            write every validator
//   node scripts/writeValidators.mjs --check    exit 1 when a written validator differs from its schema (tests run this)
//   --only documents|monitor                    one package
//
// Run it after editing packages/documents/src/domainJsonSchema.ts or packages/monitor/src/recordingSchema.ts.
import { build } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';

const root = new URL('..', import.meta.url).pathname;

/** Each validator: the schema's module and export, ajv's options (as the checker needs its errors), the output. */
const VALIDATORS = {
  documents: {
    source: 'packages/documents/src/domainJsonSchema.ts',
    exportName: 'domainJsonSchema',
    options: { allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true },
    out: 'packages/documents/src/generated/domainSchemaValidator.ts',
  },
  monitor: {
    source: 'packages/monitor/src/recordingSchema.ts',
    exportName: 'recordingJsonSchema',
    options: { allErrors: false, strict: true, allowUnionTypes: true },
    out: 'packages/monitor/src/generated/recordingSchemaValidator.ts',
  },
};

// ajv's output may call its run-time helpers through require(); each known helper is replaced by a function of
// this file's own, so the written code imports nothing. An unknown helper stops the script (add it here).
const HELPERS = {
  'ajv/dist/runtime/ucs2length': {
    name: 'codePointLength',
    code: [
      '/** A string length in code points (a surrogate pair counts once), as JSON Schema counts minLength/maxLength. */',
      'function codePointLength(text: string): number {',
      '  let n = 0;',
      '  for (let i = 0; i < text.length; i++) {',
      '    n++;',
      '    const c = text.charCodeAt(i);',
      '    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {',
      '      const d = text.charCodeAt(i + 1);',
      '      if (d >= 0xdc00 && d <= 0xdfff) i++;',
      '    }',
      '  }',
      '  return n;',
      '}',
    ],
  },
};

async function schemaOf(v) {
  const out = await build({ entryPoints: [root + v.source], bundle: true, format: 'esm', write: false, platform: 'node', logLevel: 'silent' });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return mod[v.exportName];
}

/** The validator's source: ajv's standalone code with its helpers inlined, as a TypeScript module. */
export async function validatorSource(v) {
  const ajv = new Ajv2020({ ...v.options, code: { source: true, esm: true } });
  let code = standalone.default(ajv, ajv.compile(await schemaOf(v)));
  const used = [];
  code = code.replace(/require\("([^"]+)"\)\.default/g, (_, mod) => {
    const helper = HELPERS[mod];
    if (!helper) throw new Error(`${v.out}: ajv's output needs the run-time helper "${mod}"; add it to HELPERS in scripts/writeValidators.mjs`);
    if (!used.includes(helper)) used.push(helper);
    return helper.name;
  });
  if (/\brequire\(/.test(code)) throw new Error(`${v.out}: ajv's output still calls require()`);
  code = code.replace(/^"use strict";/, '');
  const head = /^export const validate = (validate\d+);export default validate\d+;/.exec(code);
  if (!head) throw new Error(`${v.out}: ajv's standalone output no longer starts with its exports`);
  code = code.slice(head[0].length);
  return [
    `// Written by scripts/writeValidators.mjs from ${v.source} (${v.exportName}) with ajv's standalone output.`,
    '// Do not edit: run `node scripts/writeValidators.mjs` after changing the schema (a test compares the two).',
    '// @ts-nocheck',
    ...used.flatMap((h) => h.code),
    "import type { ErrorObject } from 'ajv';",
    code,
    '/** Checks `data` against the schema; when it answers false, `schemaCheck.errors` says why. */',
    `export const schemaCheck: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null } = ${head[1]};`,
    '',
  ].join('\n');
}

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, only: { type: 'string' } } });
if (values.only !== undefined && !(values.only in VALIDATORS)) {
  console.error(`--only ${values.only}: not a validator; one of ${Object.keys(VALIDATORS).join(', ')}`);
  process.exit(2);
}
let stale = 0;
for (const [name, v] of Object.entries(VALIDATORS)) {
  if (values.only !== undefined && values.only !== name) continue;
  const source = await validatorSource(v);
  const file = root + v.out;
  if (values.check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== source) {
      console.error(`${v.out} differs from ${v.source}: run node scripts/writeValidators.mjs`);
      stale++;
    }
  } else {
    writeFileSync(file, source);
    console.log(`wrote ${v.out}`);
  }
}
process.exit(stale === 0 ? 0 : 1);
