// Codemod: give relative imports/exports in TypeScript sources a `.js` extension,
// as Node ESM and `moduleResolution: nodenext` consumers of our .d.ts files require.
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';

const walk = (dir) => readdirSync(dir).flatMap((f) => {
  const p = join(dir, f);
  return statSync(p).isDirectory() ? (f === 'node_modules' || f === 'dist' ? [] : walk(p)) : p.endsWith('.ts') ? [p] : [];
});
for (const dir of process.argv.slice(2)) {
  for (const file of walk(dir)) {
    const src = readFileSync(file, 'utf8');
    const out = src.replace(/(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+?)\2/g, (m, pre, q, spec) => {
      if (/\.(js|mjs|cjs|json)$/.test(spec)) return m;
      const base = join(dirname(file), spec);
      const target = existsSync(base + '.ts') ? spec + '.js' : existsSync(join(base, 'index.ts')) ? spec + '/index.js' : null;
      return target ? `${pre}${q}${target}${q}` : m;
    });
    if (out !== src) writeFileSync(file, out);
  }
}
