// The release checks on what users install: every publishable package under
// packages/ is packed with `npm pack`, and the tarball is
//  - inspected: no build info or tests, every export target present, every
//    source map's sources shipped, LICENSE/README/CHANGELOG included;
//  - linted with publint and @arethetypeswrong/cli;
//  - installed alone (with only its own @dualplan dependencies) into a fresh
//    project and loaded through import and require() on the oldest supported
//    Node (20.19) and the current LTS, and in Deno with no permission flags
//    (the few Node-only entries: with exactly the permissions listed below);
//  - type-checked from consumer projects across the supported TypeScript range
//    and module settings (skipLibCheck off), then run;
//  - used by every ts/js block of the docs (scripts/docs/checkSnippets.mjs):
//    type-checked against the tarballs, run, outputs compared.
// Needs `npm run build` first; .ci/run and `npm run release` run it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { dirname, join, normalize } from 'node:path';
import { dataExports, exportEntries, localClosure, packPackage, publishablePackages, root, rootDevDependency, toolsBin } from './workspace.mjs';

const tools = join(root, 'tools/node_modules');
/** Node binaries from the npm `node` package (tools/package.json). */
const NODES = [
  { label: 'Node 20.19 (oldest supported)', bin: join(tools, 'node-20/bin/node') },
  { label: 'Node 26 (current LTS)', bin: join(tools, 'node-26/bin/node') },
];
/** Deno from the npm `deno` package: every entry must load with no permission flags, except these. */
const DENO = join(tools, 'deno/bin.cjs');
/**
 * Node-only entries that touch the operating system as they load, and the Deno
 * permissions that lets them: the worker pool's workerpool reads the CPU count
 * (os.cpus(), at module load for its default pool size: an explicit maxWorkers
 * cannot avoid it), the monitor's WebSocket server (ws) reads two environment switches. The
 * check also proves each one still needs them, so the list cannot go stale.
 */
const DENO_PERMISSIONS = {
  '@dualplan/runner/pool': ['--allow-sys=cpus'],
  '@dualplan/runner/worker': ['--allow-sys=cpus'],
  '@dualplan/monitor/node': ['--allow-env=WS_NO_BUFFER_UTIL,WS_NO_UTF_8_VALIDATE'],
};
process.env.DENO_NO_UPDATE_CHECK = '1'; // no upgrade lookups from CI
/** The supported TypeScript range and the module settings each version is checked under. */
const TYPESCRIPTS = [
  { version: '5.7', tsc: join(tools, 'typescript-5.7/bin/tsc'), modes: ['nodenext', 'bundler', 'node10'] },
  { version: '5.8', tsc: join(tools, 'typescript-5.8/bin/tsc'), modes: ['nodenext', 'bundler', 'commonjs', 'node10'] },
  { version: '6.0', tsc: join(tools, 'typescript/bin/tsc'), modes: ['nodenext', 'bundler', 'commonjs'] },
  { version: '7.0', tsc: join(root, 'node_modules/.bin/tsc'), modes: ['nodenext', 'bundler', 'commonjs'], emit: true },
];
const COMMON = { target: 'es2022', lib: ['es2022'], strict: true, skipLibCheck: false, types: [], noEmit: true };
const MODES = {
  // The packages' consumer-smoke.ts programs are Node programs (node: imports, top-level await): checked here, with @types/node.
  nodenext: {
    files: ['esm/*.ts', 'smoke/*.ts'],
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', rootDir: '.', outDir: 'out', types: ['node'] },
  },
  bundler: { files: ['esm/*.ts'], compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } },
  // A CommonJS file that require()s the ES modules (TypeScript >= 5.8 types this under nodenext).
  commonjs: { files: ['cjs/*.cts'], compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', rootDir: 'cjs', outDir: 'out/cjs' } },
  // Legacy resolution (no "exports"): types through "types" and "typesVersions".
  node10: { files: ['esm/*.ts'], compilerOptions: { module: 'commonjs', moduleResolution: 'node10' } },
};

for (const need of [...NODES.map((n) => n.bin), DENO, ...TYPESCRIPTS.map((t) => t.tsc), join(toolsBin, 'publint'), join(toolsBin, 'attw')]) {
  if (!existsSync(need)) throw new Error(`${need} missing: run \`node scripts/installTools.mjs\` (the root postinstall does)`);
}

const execFileAsync = promisify(execFile);
const run = async (cmd, args, cwd) => (await execFileAsync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 })).stdout;
const packages = publishablePackages();
const work = mkdtempSync(join(tmpdir(), 'dualplan-release-'));
const started = performance.now();

// Checks run two at a time (CI has two cores); each reports as it finishes.
const slots = Math.max(1, Math.min(2, availableParallelism()));
let running = 0;
const waiting = [];
const acquire = () => (running < slots ? (running++, Promise.resolve()) : new Promise((resolve) => waiting.push(resolve)));
const release = () => (waiting.length ? waiting.shift()() : running--);
const failures = [];
/** Runs one named check; resolves to whether it passed. */
const check = async (what, fn) => {
  await acquire();
  try {
    const note = await fn();
    console.log(`ok   ${what}${note ? `: ${note}` : ''}`);
    return true;
  } catch (e) {
    failures.push(what);
    console.error(`FAIL ${what}: ${[e.message, e.stdout, e.stderr].filter(Boolean).join('\n')}`);
    return false;
  } finally {
    release();
  }
};
const pending = [];

// 1. Pack and inspect.
const tarballs = new Map();
for (const entry of packages) {
  const { tarball, out } = packPackage(entry, work);
  tarballs.set(entry.name, tarball);
  const files = new Set(out.files.map((f) => f.path));
  pending.push(
    check(`${entry.name} tarball contents`, () => {
      const bad = [...files].filter((f) => f.endsWith('.tsbuildinfo') || /\.test\.(d\.)?ts(\.map)?$/.test(f) || /\.test\.js/.test(f));
      if (bad.length) throw new Error(`ships build info or tests: ${bad.join(', ')}`);
      for (const f of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) if (!files.has(f)) throw new Error(`lacks ${f}`);
      for (const e of exportEntries(entry)) {
        for (const target of [e.source, e.types, e.default]) {
          if (!files.has(normalize(target))) throw new Error(`lacks ${target}, named by "exports"["${e.subpath}"] (run npm run build first)`);
        }
      }
      for (const { subpath, target } of dataExports(entry)) {
        const prefix = normalize(target).replace(/\*.*$/, '');
        if (![...files].some((f) => (target.includes('*') ? f.startsWith(prefix) : f === prefix)))
          throw new Error(`lacks ${target}, named by "exports"["${subpath}"]`);
      }
      for (const target of Object.values(typeof entry.pkg.bin === 'string' ? { bin: entry.pkg.bin } : (entry.pkg.bin ?? {}))) {
        if (!files.has(normalize(target))) throw new Error(`lacks ${target}, named by "bin"`);
      }
      // A map whose sources are not in the tarball sends debuggers and editors nowhere.
      let maps = 0;
      for (const f of files) {
        if (!f.endsWith('.map')) continue;
        maps++;
        const { sources, sourcesContent } = JSON.parse(readFileSync(join(entry.dir, f), 'utf8'));
        for (const [i, s] of sources.entries()) {
          const target = normalize(join(dirname(f), s));
          // Fine when shipped, or embedded in the map (esbuild embeds bundled dependencies' sources).
          if (!files.has(target) && typeof sourcesContent?.[i] !== 'string')
            throw new Error(`${f} points to ${s}, which is not shipped (a stale build? npm run clean && npm run build)`);
        }
      }
      return `${files.size} files, ${(out.size / 1024).toFixed(1)} KB packed, ${(out.unpackedSize / 1024).toFixed(1)} KB unpacked, ${maps} source maps resolve`;
    }),
  );
  pending.push(check(`${entry.name} publint`, () => run(join(toolsBin, 'publint'), ['run', tarball, '--strict'], work).then(() => '')));
  // cjs-resolves-to-esm: attw models TypeScript's node16 mode, where require() of
  // an ES module is an error. The packages are ES modules only by decision, and
  // require() of them works on the Node versions in "engines" and types under
  // TypeScript >= 5.8 nodenext: the commonjs consumer below checks exactly that.
  pending.push(
    check(`${entry.name} @arethetypeswrong/cli`, () =>
      run(join(toolsBin, 'attw'), [tarball, '--ignore-rules', 'cjs-resolves-to-esm', '--format', 'table-flipped', '--no-color'], work).then(() => ''),
    ),
  );
}

// 2. Each package installed alone, loaded by import and require() on each Node.
const project = (name, files) => {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module' }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
};
const loadScripts = (specs) => ({
  'load.mjs': `${specs.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\nconst counts = [${specs.map((_, i) => `Object.keys(m${i}).length`).join(', ')}];\nif (counts.some((n) => n === 0)) throw new Error('an entry exports nothing');\nconsole.log(counts.reduce((a, b) => a + b, 0));\n`,
  'load.cjs': `const counts = [${specs.map((s) => `Object.keys(require('${s}')).length`).join(', ')}];\nif (counts.some((n) => n === 0)) throw new Error('an entry exports nothing');\nconsole.log(counts.reduce((a, b) => a + b, 0));\n`,
});
for (const entry of packages) {
  const closure = localClosure(entry.name, packages);
  const specs = exportEntries(entry).map((e) => e.spec);
  const dir = project(entry.folder, loadScripts(specs));
  const alone = check(`${entry.name} installs alone`, async () => {
    await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', ...closure.map((n) => tarballs.get(n))], dir);
    const installed = readdirSync(join(dir, 'node_modules/@dualplan'))
      .map((d) => `@dualplan/${d}`)
      .sort();
    if (installed.join() !== [...closure].sort().join()) throw new Error(`installed ${installed.join(', ')}, expected ${closure.join(', ')}`);
    return `with ${closure.length - 1} @dualplan dependencies`;
  });
  pending.push(
    alone.then(
      (ok) =>
        ok &&
        Promise.all(
          NODES.map((node) =>
            check(`${entry.name} loads on ${node.label}`, async () => {
              const imported = (await run(node.bin, ['load.mjs'], dir)).trim();
              // --no-warnings: Node 20 marks require() of ES modules experimental.
              const required = (await run(node.bin, ['--no-warnings', 'load.cjs'], dir)).trim();
              if (imported !== required) throw new Error(`import sees ${imported} exports, require() ${required}`);
              // Each command the package installs answers --help.
              for (const command of Object.keys(typeof entry.pkg.bin === 'string' ? { [entry.folder]: 0 } : (entry.pkg.bin ?? {}))) {
                await run(node.bin, [join(dir, 'node_modules/.bin', command), '--help'], dir);
              }
              return `${imported} exports from ${specs.join(', ')} by import and require()`;
            }),
          ).concat(
            check(`${entry.name} loads in Deno without permissions`, async () => {
              const notes = [];
              for (const [i, spec] of specs.entries()) {
                const file = `deno-${i}.mjs`;
                writeFileSync(join(dir, file), `import * as m from '${spec}';\nconsole.log(Object.keys(m).length);\n`);
                // --no-prompt: a permission request fails at once instead of waiting for an answer.
                const deno = (permissions) => run(process.execPath, [DENO, 'run', '--no-prompt', ...permissions, file], dir);
                const permissions = DENO_PERMISSIONS[spec];
                if (!permissions) {
                  notes.push(`${spec} ${(await deno([])).trim()} exports`);
                  continue;
                }
                const unneeded = await deno([]).then(
                  () => true,
                  () => false,
                );
                if (unneeded) throw new Error(`${spec} loads without ${permissions.join(' ')}: drop it from DENO_PERMISSIONS`);
                notes.push(`${spec} ${(await deno(permissions)).trim()} exports (Node-only, with ${permissions.join(' ')})`);
              }
              return notes.join(', ');
            }),
          ),
        ),
    ),
  );
}

// 3. Consumer type matrix: one project with every package, every entry imported,
//    plus each package's consumer-smoke.ts (real use of its API) where present.
const specs = packages.flatMap((entry) => exportEntries(entry).map((e) => e.spec));
const consumer = {
  'esm/entries.ts': `${specs.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\nexport const counts: number[] = [${specs.map((_, i) => `Object.keys(m${i}).length`).join(', ')}];\n`,
  'cjs/entries.cts': `${specs.map((s, i) => `import m${i} = require('${s}');`).join('\n')}\nexport const counts: number[] = [${specs.map((_, i) => `Object.keys(m${i}).length`).join(', ')}];\n`,
};
for (const entry of packages) {
  const smoke = join(entry.dir, 'consumer-smoke.ts');
  if (existsSync(smoke)) consumer[`smoke/${entry.folder}.ts`] = readFileSync(smoke, 'utf8');
}
const matrix = project('matrix', consumer);
let combinations = 0;

async function typeMatrix() {
  const typesNode = `@types/node@${rootDevDependency('@types/node')}`;
  const installs = () =>
    run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', typesNode, ...tarballs.values()], matrix).then(() => '');
  if (!(await check('consumer project with every package installs', installs))) return;
  const typeChecks = [];
  for (const ts of TYPESCRIPTS) {
    for (const mode of ts.modes) {
      const { files, compilerOptions } = MODES[mode];
      const config = `tsconfig.${mode}.${ts.version}.json`;
      const emit = ts.emit && compilerOptions.outDir ? { noEmit: false } : {};
      writeFileSync(join(matrix, config), JSON.stringify({ compilerOptions: { ...COMMON, ...compilerOptions, ...emit }, include: files }));
      typeChecks.push(
        check(`TypeScript ${ts.version} ${mode} consumer type-checks`, async () => {
          await run(ts.tsc, ['-p', config], matrix);
          combinations++;
        }),
      );
    }
  }
  // The documented floor holds: below 5.8, a CommonJS consumer cannot require() the packages.
  typeChecks.push(
    check('TypeScript 5.7 commonjs consumer fails as documented (needs 5.8)', async () => {
      writeFileSync(
        join(matrix, 'tsconfig.floor.json'),
        JSON.stringify({ compilerOptions: { ...COMMON, ...MODES.commonjs.compilerOptions }, include: MODES.commonjs.files }),
      );
      try {
        await run(TYPESCRIPTS[0].tsc, ['-p', 'tsconfig.floor.json'], matrix);
      } catch (e) {
        if (/TS1471/.test(e.stdout)) return 'TS1471: the specifier only resolves to an ES module';
        throw e;
      }
      throw new Error('it type-checks: lower the documented minimum for CommonJS consumers');
    }),
  );
  // The documented path for Jest in CommonJS mode: compile the packages to CommonJS in its transform.
  typeChecks.push(
    check('Jest CommonJS test loads every entry (documented transformIgnorePatterns)', async () => {
      writeFileSync(
        join(matrix, 'jest.config.cjs'),
        `module.exports = { testMatch: ['**/jest/*.test.cjs'], transform: { '\\\\.js$': '<rootDir>/jest/transform.cjs' }, transformIgnorePatterns: ['/node_modules/(?!@dualplan/)'] };\n`,
      );
      mkdirSync(join(matrix, 'jest'), { recursive: true });
      writeFileSync(
        join(matrix, 'jest/transform.cjs'),
        "const { transformSync } = require('esbuild');\nmodule.exports = { process: (code, file) => ({ code: transformSync(code, { loader: 'js', format: 'cjs', target: 'node20', sourcefile: file }).code }) };\n",
      );
      writeFileSync(
        join(matrix, 'jest/entries.test.cjs'),
        `${specs.map((s) => `test('${s}', () => { expect(Object.keys(require('${s}')).length).toBeGreaterThan(0); });`).join('\n')}\n`,
      );
      // Jest and esbuild from the workspace, as a consumer's own devDependencies would be.
      await execFileAsync(process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--rootDir', '.'], {
        cwd: matrix,
        encoding: 'utf8',
        env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
      });
      return `${specs.length} entries`;
    }),
  );
  // The emitting TypeScript 7 runs must finish before their output runs.
  if (!(await Promise.all(typeChecks)).every(Boolean)) return;
  await Promise.all(
    NODES.map((node) =>
      check(`compiled consumers run on ${node.label}`, async () => {
        const esm = ['esm', 'smoke'].flatMap((d) =>
          readdirSync(join(matrix, 'out', d))
            .filter((f) => f.endsWith('.js'))
            .map((f) => join('out', d, f)),
        );
        for (const f of esm) await run(node.bin, [f], matrix);
        await run(node.bin, ['--no-warnings', '-e', "if (require('./out/cjs/entries.cjs').counts.includes(0)) process.exit(1)"], matrix);
        return `${esm.length} ES module files and one CommonJS file`;
      }),
    ),
  );
}
pending.push(typeMatrix());
pending.push(
  check('docs: every ts/js block type-checks against the tarballs, runs and prints what the docs show', async () => {
    const out = await run(process.execPath, [join(root, 'scripts/docs/checkSnippets.mjs'), '--packed', work], root);
    return out.trim().split('\n').at(-1);
  }),
);
await Promise.all(pending);

rmSync(work, { recursive: true, force: true });
console.log(
  `\n${packages.length} packages, ${combinations} TypeScript consumer combinations, ${NODES.length} Node versions; ${failures.length} failures; ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
if (failures.length) process.exit(1);
