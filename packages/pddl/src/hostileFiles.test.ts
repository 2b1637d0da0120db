import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from '@dualplan/world-state/examples';
import { importPddl } from './importPddl.js';
import { parseDomain } from './parseDomain.js';
import { parseProblem } from './parseProblem.js';
import { PddlError } from './PddlError.js';
import { MAX_SEXP_NESTING } from './readSexp.js';
import { pddlErrorOf } from './testUtil.js';

const LIGHTS = (pre: string) => `(define (domain lights)
  (:requirements :strips :negative-preconditions)
  (:predicates (on) (constructor) (__proto__) (tostring))
  (:action flip
    :parameters ()
    :precondition ${pre}
    :effect (and (on) (constructor) (__proto__) (not (tostring)))))`;

describe('hostile PDDL files', () => {
  it('10,000 nested (and ...) is a typed error at the line and column where nesting passes the limit', () => {
    const deep = `${'(and '.repeat(10_000)}(not (on))${')'.repeat(10_000)}`;
    const e = pddlErrorOf(() => parseDomain(LIGHTS(`\n      ${deep}`), 'deep.pddl'));
    expect(e.code).toBe('TOO_DEEP');
    // "(define" and "(:action" open two levels, so the chain's (MAX - 2)th "(and " (counting from 0) is one too deep.
    expect(e.message).toBe(`deep.pddl:7:${7 + 5 * (MAX_SEXP_NESTING - 2)}: lists nest more than 256 deep here.`);
    expect([e.line, e.column]).toEqual([7, 7 + 5 * (MAX_SEXP_NESTING - 2)]);
  });

  it('predicates named like Object.prototype members are plain names', () => {
    const domain = parseDomain(LIGHTS('(and (not (on)) (tostring))'));
    expect(Object.keys(domain.predicates).sort()).toEqual(['__proto__', 'constructor', 'on', 'tostring']);
    const problem = `(define (problem p) (:domain lights) (:init (tostring)) (:goal (and (on) (constructor) (__proto__))))`;
    const imported = importPddl(LIGHTS('(and (not (on)) (tostring))'), problem);
    expect(imported.task.actions.map((a) => a.name)).toEqual(['(flip)']);
    expect(() => parseProblem(problem, domain)).not.toThrow();
    // A type named like a prototype member is a type like any other.
    const typed = parseDomain(`(define (domain t) (:requirements :typing) (:types constructor hasownproperty - object) (:predicates (p ?x - constructor)))`);
    expect(Object.hasOwn(typed.types, 'constructor')).toBe(true);
    expect(pddlErrorOf(() => parseDomain(`(define (domain t) (:requirements :typing) (:predicates (p ?x - valueof)))`)).code).toBe('UNKNOWN_NAME');
  });

  it('any text is read to a domain or a PddlError, never another error (fuzz)', () => {
    const words = fc.constantFrom(
      '(',
      ')',
      '(and',
      '(not',
      ':action',
      ':parameters',
      '?x',
      '-',
      'constructor',
      '__proto__',
      ';',
      '\n',
      ' ',
      'define',
      '(domain d)',
      ...hostileValues().filter((v): v is string => typeof v === 'string'),
    );
    fc.assert(
      fc.property(fc.array(words, { maxLength: 80 }), (parts) => {
        const text = parts.join(' ');
        try {
          parseDomain(text);
        } catch (e) {
          if (!(e instanceof PddlError)) throw e;
        }
      }),
      { numRuns: 500 },
    );
  });
});
