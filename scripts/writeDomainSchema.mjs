// Writes packages/documents/domain.schema.json from its TypeScript source
// (src/domainJsonSchema.ts). A test fails when the two differ: run this after editing the schema.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';

const dir = new URL('../packages/documents/', import.meta.url).pathname;
const out = await build({ entryPoints: [`${dir}src/domainJsonSchema.ts`], bundle: true, format: 'esm', write: false, platform: 'node' });
const { domainJsonSchema } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
writeFileSync(`${dir}domain.schema.json`, JSON.stringify(domainJsonSchema, null, 2) + '\n');
console.log(`wrote ${dir}domain.schema.json`);
