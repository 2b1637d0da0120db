import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintDomain } from '@dualplan/documents';
import { arenaRecording } from '../fixtures/arenaRecording.js';
import { enables, splitTerm } from './DomainOutline.js';
import { outlineFromAgent } from './outlineFromAgent.js';
import { outlineFromDocument } from './outlineFromDocument.js';
import { goapGraph, htnGraph, runPath } from './domainGraphs.js';

const example = (name: string) => readFileSync(join(__dirname, '../../../documents/examples', name), 'utf8');

describe('outlineFromDocument', () => {
  it('lists every action, compound, method and goal of troll.json, and the HTN tree reaches every method from the root', () => {
    const text = example('troll.json');
    const doc = JSON.parse(text) as {
      actions: { name: string }[];
      htn: { tasks: { name: string; methods: { name: string }[] }[] };
      goap: { goals: { name: string }[] };
    };
    const outline = outlineFromDocument(doc, lintDomain(text));
    const names = (kind: string) => outline.items.filter((i) => i.kind === kind).map((i) => i.name);
    expect(names('action')).toEqual(doc.actions.map((a) => a.name));
    expect(names('method')).toEqual(doc.htn.tasks.flatMap((t) => t.methods.map((m) => `${t.name}.${m.name}`)));
    expect(names('goal')).toEqual(doc.goap.goals.map((g) => g.name));
    expect(outline.root).toBe('BeTrunkThumper');
    const slam = outline.items.find((i) => i.name === 'DoTrunkSlam')!;
    expect(slam.conditions).toContain('WsStamina > 0');
    expect(slam.effects).toContain('WsStamina -= 1');
    const htn = htnGraph(outline);
    const drawn = new Set(htn.boxes.map((b) => b.name));
    for (const m of names('method')) expect(drawn.has(m)).toBe(true);
    expect(htn.links).toContainEqual({ from: 'method:AttackEnemy.TrunkSlam', to: 'action:DoTrunkSlam', label: '2', onPath: false });
    // Every box once, every link between drawn boxes.
    expect(new Set(htn.boxes.map((b) => b.id)).size).toBe(htn.boxes.length);
    const ids = new Set(htn.boxes.map((b) => b.id));
    for (const l of htn.links) expect(ids.has(l.from) && ids.has(l.to)).toBe(true);
  });

  it('links soldier.json’s actions to the actions and goals their effects serve', () => {
    const outline = outlineFromDocument(JSON.parse(example('soldier.json')));
    const goap = goapGraph(outline);
    expect(goap.boxes.filter((b) => b.kind === 'goal').length).toBeGreaterThan(0);
    // Every goal some action can reach has a link into it, labelled with the condition met.
    const intoGoals = goap.links.filter((l) => l.to.startsWith('goal:'));
    expect(intoGoals.length).toBeGreaterThan(0);
    for (const l of intoGoals) expect(l.label).toMatch(/==|!=|<|>/);
  });

  it('puts each lint finding on the item its pointer names, and the rest apart', () => {
    const text = JSON.stringify({
      name: 'broken',
      keys: [
        { name: 'a', kind: 'bool' },
        { name: 'unused', kind: 'bool' },
      ],
      actions: [{ name: 'x', conditions: [{ key: 'a', op: '==', value: true }] }],
      htn: { root: 'R', tasks: [{ name: 'R', methods: [{ name: 'm', subtasks: ['x'] }] }] },
      goap: { goals: [{ name: 'g', conditions: [{ key: 'a', op: '==', value: true }] }] },
    });
    const findings = lintDomain(text);
    const outline = outlineFromDocument(JSON.parse(text), findings);
    const codes = (name: string) => outline.items.find((i) => i.name === name)!.findings.map((f) => f.code);
    expect(codes('x')).toContain('DEAD_ACTION');
    expect(codes('g')).toContain('UNACHIEVABLE_GOAL');
    expect(outline.findings.map((f) => f.subject)).toEqual(['unused']);
    expect(htnGraph(outline).boxes.find((b) => b.name === 'x')!.severity).toBe('warning');
    // Nothing lost: every finding is on an item or apart.
    expect(outline.items.reduce((n, i) => n + i.findings.length, 0) + outline.findings.length).toBe(findings.length);
  });
});

describe('outlineFromAgent and a run’s path', () => {
  it('draws a recorded agent’s catalogue with its counts and the run’s chosen method in green', () => {
    const troll = arenaRecording().agents[0];
    const outline = outlineFromAgent(troll);
    expect(outline.root).toBe('BeTrunkThumper');
    const run = troll.runs[2];
    expect([...runPath(run)]).toEqual(expect.arrayContaining(['BeTrunkThumper', 'BeTrunkThumper.Patrol', 'CheckBridge']));
    const htn = htnGraph(outline, { agent: troll, run, filter: 'patrol' });
    const patrol = htn.boxes.find((b) => b.name === 'BeTrunkThumper.Patrol')!;
    expect(patrol).toMatchObject({ onPath: true, match: true });
    expect(patrol.lines).toContain('considered 2 · selected 2 · failed 0');
    expect(htn.boxes.find((b) => b.name === 'ThrowBoulder')).toMatchObject({
      match: false,
      lines: expect.arrayContaining(['considered 0 · selected 0 · failed 0']),
    });
  });
});

describe('splitTerm and enables', () => {
  it('an effect setting a key enables exactly the equality on the same value', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,6}$/);
    fc.assert(
      fc.property(word, word, word, (key, v, w) => {
        expect(splitTerm(`${key} == ${v}`)).toEqual([key, '==', v]);
        expect(enables(`${key} = ${v}`, `${key} == ${w}`)).toBe(v === w);
        expect(enables(`${key} = ${v}`, `${key}X == ${v}`)).toBe(false);
        expect(enables(`${key} += 1`, `${key} > ${w}`)).toBe(true);
      }),
    );
  });
});
