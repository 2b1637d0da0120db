import { describe, expect, it } from '@jest/globals';
import { QueryService, type Query } from './QueryService.js';

const A = { x: 1.5, y: 1.5 };
const B = { x: 5.5, y: 1.5 };

describe('QueryService', () => {
  it('answers only during pump, at most perPump started per frame, in asking order', () => {
    const answered: number[] = [];
    const service = new QueryService({ answer: (a, b) => b.x - a.x, perPump: 2 });
    const qs = [1, 2, 3].map(() => service.ask(A, B, 0, (q) => answered.push(q.id)));
    expect(answered).toEqual([]);
    service.pump(0.1);
    expect(answered).toEqual([1, 2]);
    service.pump(0.2);
    expect(answered).toEqual([1, 2, 3]);
    expect(qs.map((q) => [q.status, q.value])).toEqual([
      ['done', 4],
      ['done', 4],
      ['done', 4],
    ]);
  });

  it('settles known answers in asking order without spending the search budget', () => {
    const answered: number[] = [];
    let searches = 0;
    const service = new QueryService({
      answer: (a, b) => (searches++, b.x - a.x),
      known: (_a, b) => (b.y === 1.5 ? 7 : undefined),
      perPump: 1,
    });
    const far = { x: 9.5, y: 3.5 };
    for (const to of [B, far, B, B, far]) service.ask(A, to, 0, (q) => answered.push(q.id));
    service.pump(0.1); // 1 known, 1 search (budget spent): stops before the third
    expect(answered).toEqual([1, 2]);
    service.pump(0.2); // 3 and 4 known, then 5 searched
    expect(answered).toEqual([1, 2, 3, 4, 5]);
    expect(searches).toBe(2);
    expect(service.pending).toBe(0);
  });

  it('a query that never answers times out with a typed error naming it; the asker hears of it once', () => {
    const heard: Query[] = [];
    const service = new QueryService({ answer: () => new Promise<number>(() => {}), timeout: 1 });
    const q = service.ask(A, B, 0, (x) => heard.push(x));
    for (let t = 0.1; t < 1.5; t += 0.1) service.pump(t);
    expect(heard).toEqual([q]);
    expect(q.status).toBe('timedOut');
    expect(q.error?.code).toBe('QUERY_TIMEOUT');
    expect(q.error?.subject).toBe('query 1 (1.5,1.5)->(5.5,1.5)');
    expect(service.pending).toBe(0);
  });

  it('a query that throws or rejects fails with QUERY_FAILED and its cause; no path is NO_PATH; a bad number fails', async () => {
    const boom = new Error('navmesh not ready');
    const answers = [
      () => {
        throw boom;
      },
      () => Promise.reject(boom),
      () => Infinity,
      () => -3,
    ];
    const results: Query[] = [];
    for (const answer of answers) {
      const service = new QueryService({ answer });
      const q = service.ask(A, B, 0, () => {});
      service.pump(0.1);
      await Promise.resolve();
      await Promise.resolve();
      service.pump(0.2);
      results.push(q);
    }
    expect(results.map((q) => [q.status, q.error?.code])).toEqual([
      ['failed', 'QUERY_FAILED'],
      ['failed', 'QUERY_FAILED'],
      ['noPath', 'NO_PATH'],
      ['failed', 'QUERY_FAILED'],
    ]);
    expect(results[0].error?.cause).toBe(boom);
    expect(results[1].error?.cause).toBe(boom);
  });

  it('a cancelled query is never answered', () => {
    const heard: Query[] = [];
    const service = new QueryService({ answer: () => 1 });
    service.ask(A, B, 0, (q) => heard.push(q)).cancel();
    service.pump(0.1);
    expect(heard).toEqual([]);
  });
});
