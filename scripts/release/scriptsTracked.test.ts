// The scripts the commands run are in git: a `.gitignore` line once hid every
// file of scripts/release/ (`release/` matched the folder), so `npm run release`
// crashed on a fresh clone.
import { describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

describe('scripts in git', () => {
  test('every script a root npm script or CI runs is tracked', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const commands = [...Object.values(pkg.scripts), readFileSync(join(root, '.ci/run'), 'utf8')].join('\n');
    const named = [...new Set([...commands.matchAll(/\bnode (scripts\/[\w/.-]+\.m?js)\b/g)].map((m) => m[1]))];
    expect(named).toEqual(expect.arrayContaining(['scripts/release/release.mjs', 'scripts/release/checkTarballs.mjs', 'scripts/release/apiDocs.mjs']));
    const tracked = new Set(git('ls-files', 'scripts').split('\n'));
    expect(named.filter((f) => !tracked.has(f))).toEqual([]);
  });

  test('every script CONTRIBUTING.md tells a contributor to run is tracked', () => {
    const guide = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    const named = [...new Set([...guide.matchAll(/\b(scripts\/[\w/.-]+\.m?js)\b/g)].map((m) => m[1]))];
    expect(named).toEqual(expect.arrayContaining(['scripts/release/initPackage.mjs']));
    const tracked = new Set(git('ls-files', 'scripts').split('\n'));
    expect(named.filter((f) => !tracked.has(f))).toEqual([]);
    // Without a folder it says how to call it, and writes nothing.
    const usage = spawnSync(process.execPath, [join(root, 'scripts/release/initPackage.mjs')], { encoding: 'utf8' });
    expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining('usage: node scripts/release/initPackage.mjs <folder')]);
  });

  test('the release folder is ignored at the root only', () => {
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: root }).status === 0;
    expect(ignored('release/dualplan-htn-0.1.0.tgz')).toBe(true);
    expect(ignored('scripts/release/release.mjs')).toBe(false);
    expect(ignored('scripts/release/anyNewCheck.mjs')).toBe(false);
  });

  test('release runs a clean build, every check, then packs each package after its dependencies', () => {
    const out = execFileSync(process.execPath, [join(root, 'scripts/release/release.mjs'), '--dry-run'], { encoding: 'utf8' });
    const steps = out.split('\n').filter((l) => l.startsWith('step '));
    expect(steps.map((l) => l.slice(5, l.indexOf(':')))).toEqual([
      'clean',
      'build',
      'format',
      'lint',
      'tests',
      'packed packages and docs blocks',
      'API reference',
    ]);
    const order = /pack into release\/: (.*)/.exec(out)![1].split(', ');
    expect(order[0]).toBe('@dualplan/world-state');
    expect(order.indexOf('@dualplan/runner')).toBeLessThan(order.indexOf('@dualplan/monitor'));
  });
});
