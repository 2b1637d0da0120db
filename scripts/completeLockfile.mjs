// Completes package-lock.json with optional platform packages the local registry
// does not serve (here: Jest's @unrs/resolver-binding-* for other OSes and CPUs).
// npm leaves them out of the lock when it cannot fetch them, and `npm ci` then
// refuses the lock as out of sync. Each added entry names its os/cpu/libc, so
// every machine installs only its own binding. Run it after `npm install`
// (`node scripts/completeLockfile.mjs tools/package-lock.json` for tools/).
import { readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2] ?? new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const PLATFORM = /[-/](android|darwin|freebsd|linux|openharmony|win32)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x)(?:-([a-z0-9]+))?$/;
let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    if (packages[at]) continue;
    const m = PLATFORM.exec(name);
    if (!m) throw new Error(`${key}: optional dependency ${name} is missing from the lock and is not a platform package`);
    const [, os, cpu, abi] = m;
    const libc = abi?.startsWith('gnu') || abi === 'glibc' ? ['glibc'] : abi?.startsWith('musl') ? ['musl'] : undefined;
    packages[at] = { version, cpu: [cpu], ...(entry.dev ? { dev: true } : {}), ...(libc ? { libc } : {}), optional: true, os: [os] };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
console.log(`${path}: ${added} optional platform entries added`);
