import { describe, expect, it } from '@jest/globals';
import { runCli, type CliIo } from './index.js';

const DOMAIN = `(define (domain tiny) (:requirements :hierarchy :typing)
  (:types place thing)
  (:predicates (at ?t - thing ?p - place) (road ?a ?b - place))
  (:task move :parameters (?t - thing ?to - place))
  (:method m_go :parameters (?t - thing ?from ?to - place) :task (move ?t ?to) :ordered-subtasks (go ?t ?from ?to))
  (:action go :parameters (?t - thing ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to)) :effect (and (not (at ?t ?from)) (at ?t ?to))))`;
const PROBLEM = `(define (problem p) (:domain tiny) (:objects a b - place box - thing)
  (:htn :ordered-subtasks (move box b)) (:init (at box a) (road a b)))`;
const PLAN = '==>\n0 go box a b\nroot 1\n1 move box b -> m_go 0\n<==';

async function run(argv: string[], files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    readFile: (path) => {
      if (!(path in files)) throw new Error('ENOENT');
      return files[path];
    },
    loadRegistry: () => Promise.reject(new Error('no registry')),
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const files = { 'd.hddl': DOMAIN, 'p.hddl': PROBLEM, 'plan.txt': PLAN, 'bad.txt': PLAN.replace('go box a b', 'go box b a') };

describe('dualplan hddl and verify', () => {
  it('plans an HDDL problem and prints the IPC plan (exit 0)', async () => {
    expect(await run(['hddl', 'd.hddl', 'p.hddl'], files)).toEqual({ code: 0, out: PLAN, err: '' });
  });

  it('verifies a valid plan (exit 0)', async () => {
    expect(await run(['verify', 'd.hddl', 'p.hddl', 'plan.txt'], files)).toEqual({ code: 0, out: 'valid', err: '' });
  });

  it('rejects an invalid plan naming the line (exit 1)', async () => {
    const r = await run(['verify', 'd.hddl', 'p.hddl', 'bad.txt'], files);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^invalid SUBTASK_MISMATCH bad\.txt:4: task 1 \(move box b\)/);
  });

  it('reports bad input: a missing file, a wrong count of files, an unreadable domain (exit 2)', async () => {
    expect((await run(['verify', 'd.hddl', 'p.hddl'], files)).code).toBe(2);
    expect((await run(['verify', 'd.hddl', 'p.hddl', 'none.txt'], files)).err).toMatch(/Cannot read "none.txt"/);
    const r = await run(['hddl', 'p.hddl', 'p.hddl'], files);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/p\.hddl:1:\d+: expected a domain definition/);
  });
});
