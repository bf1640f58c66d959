// The Learn page (learn.html, issue 17): HPA*'s build and one query stepped through in headless
// Chromium, forwards and backwards, at 1280 × 800 and at a phone's 390 × 844, checking the counts and
// the elements each step shows and writing a screenshot of each phase (test-results/e2e/teach-*.png);
// and the counts shown at the end against the native `hpa` tool's statistics for the same query.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { HAA_PHASES } from '../../web/demo/learn/haaWalkthrough';
import { HAA_CLUSTER, HAA_GOAL, HAA_MAP_ROWS, HAA_START, haaMapText, TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { PHASES } from '../../web/demo/learn/walkthrough';
import { learnState, openLearnWalkthrough, testIdText } from './learnPage';
import { ARTIFACTS, useBrowserPerFile, type Browser, DESKTOP, PHONE } from './browser';
import { HPA, nativeToolBuilt } from './native';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

/** Opens learn.html with `search` (a walkthrough that loads, no error) as the file's current page. */
const open = async (search: string, size = DESKTOP): Promise<Page> => (page = await openLearnWalkthrough(browser, baseUrl, search, size));

const learn = learnState;
const text = testIdText;

/** Pixels of the HPA* canvas within 40 (sum over R, G, B) of `hex`, after the step's frame is drawn. */
async function colourPixels(p: Page, hex: string): Promise<number> {
  return p.evaluate(async (h) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const c = document.getElementById('learn-canvas') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - g!) + Math.abs(d[i + 2]! - b!) < 40) n++;
    return n;
  }, hex);
}

// The phases of the HPA* walkthrough: all but DHPA*'s own ('trees' and 'termination', algo=dhpa only).
const ORDER = PHASES.map((p) => p.id).filter((id) => id !== 'trees' && id !== 'termination');

/** The checks of one step, from what the page says it shows and what its table reads. */
async function checkStep(p: Page, s: LearnState, prev: LearnState | null): Promise<void> {
  const shown = s.shown!;
  expect(await text(p, 'learn-sg')).toBe(String(s.counts.sg));
  expect(await text(p, 'learn-main')).toBe(String(s.counts.main));
  expect(await text(p, 'learn-abstract')).toBe(String(s.counts.sg + s.counts.main));
  expect(await text(p, 'learn-refinement')).toBe(String(s.counts.refinement));
  expect(await text(p, 'learn-position')).toContain(`Step ${s.step + 1} of ${s.steps}`);
  expect((await text(p, 'learn-text')).length).toBeGreaterThan(40);
  expect(shown.clusters).toBe(16);
  if (prev) {
    expect(ORDER.indexOf(s.phase as (typeof ORDER)[number])).toBeGreaterThanOrEqual(ORDER.indexOf(prev.phase as (typeof ORDER)[number]));
    expect(s.counts.sg).toBeGreaterThanOrEqual(prev.counts.sg);
    expect(s.counts.main).toBeGreaterThanOrEqual(prev.counts.main);
    expect(s.counts.refinement).toBeGreaterThanOrEqual(prev.counts.refinement);
  }
  const query = ORDER.indexOf('insertion') <= ORDER.indexOf(s.phase as (typeof ORDER)[number]);
  if (!query) expect(s.counts).toEqual({ sg: 0, main: 0, refinement: 0 });
  switch (s.phase) {
    case 'clusters':
      expect(shown.entrances).toBe(0);
      break;
    case 'entrances':
      expect(shown.entrances).toBeGreaterThan(0);
      expect(shown.transitions).toBe(0);
      break;
    case 'transitions':
      expect(shown.transitions).toBeGreaterThanOrEqual(shown.entrances);
      expect(shown.interEdges).toBe(0);
      break;
    case 'inter-edges':
      expect(shown.interEdges).toBeGreaterThan(0);
      expect(shown.intraEdges).toBe(0);
      break;
    case 'intra-edges':
      expect(shown.closed).toBeGreaterThan(0); // the cluster's own searches
      if (prev?.phase === 'intra-edges') expect(shown.intraEdges).toBeGreaterThanOrEqual(prev.shown!.intraEdges);
      break;
    case 'insertion':
      expect(shown.closed + shown.treeArrows).toBeGreaterThan(0); // a search, or DHPA*'s tree
      expect(s.counts.main).toBe(0);
      break;
    case 'abstract':
      // Node by node: one more expanded node per step.
      expect(s.counts.main).toBe(shown.closed);
      if (prev?.phase === 'abstract') expect(s.counts.main).toBe(prev.counts.main + 1);
      break;
    case 'refinement':
      expect(shown.refinedCells).toBeGreaterThan(prev?.phase === 'refinement' ? prev.shown!.refinedCells : 1);
      break;
    case 'smoothing':
      expect(shown.refinedCells).toBeGreaterThan(1);
      break;
    case 'optimality':
      // The answer and the optimal path (plain A*'s) drawn together.
      expect(shown.pathCells).toBeGreaterThan(1);
      expect(shown.optimalCells).toBeGreaterThan(1);
      break;
    case 'result':
      expect(shown.pathCells).toBeGreaterThan(1);
      expect(shown.optimalCells).toBe(0);
      break;
  }
}

describe('Learn: the walkthrough on its 40 × 40 map', () => {
  test('steps through every phase forwards, then backwards, showing the same at each step (1280 × 800)', async () => {
    const p = await open('');
    const first = await learn(p);
    expect(first.step).toBe(0);
    expect(first.steps).toBeGreaterThan(40);
    const forward: LearnState[] = [first];
    await checkStep(p, first, null);
    const shot = new Set<string>();
    let markers = 0; // vermillion pixels before entrances are drawn: the goal's marker
    for (;;) {
      const s = forward.at(-1)!;
      if (!shot.has(s.phase)) {
        shot.add(s.phase);
        await p.screenshot({ path: join(ARTIFACTS, `teach-${s.phase}.png`) });
        // Each overlay in its own colour, drawn when its phase shows it.
        if (s.phase === 'clusters') markers = await colourPixels(p, '#D55E00');
        if (s.phase === 'entrances') expect(await colourPixels(p, '#D55E00')).toBeGreaterThan(markers + 500);
        if (s.phase === 'inter-edges') expect(await colourPixels(p, '#0072B2')).toBeGreaterThan(50);
        if (s.phase === 'intra-edges') expect(await colourPixels(p, '#009E73')).toBeGreaterThan(20);
      }
      // The abstract search's first node is the start, under its marker: the fifth shows.
      if (s.phase === 'abstract' && s.counts.main === 5) expect(await colourPixels(p, '#CC79A7')).toBeGreaterThan(100);
      if (s.step === s.steps - 1) break;
      // Buttons and keys both move on.
      if (s.step % 2 === 0) await p.click('[data-testid=learn-next]');
      else await p.keyboard.press('ArrowRight');
      const next = await learn(p);
      expect(next.step).toBe(s.step + 1);
      await checkStep(p, next, s);
      forward.push(next);
    }
    expect([...shot]).toEqual(ORDER);
    expect(await p.isDisabled('[data-testid=learn-next]')).toBe(true);
    for (let i = forward.length - 2; i >= 0; i--) {
      if (i % 2 === 0) await p.click('[data-testid=learn-prev]');
      else await p.keyboard.press('ArrowLeft');
      const back = await learn(p);
      expect(back.step).toBe(i);
      expect({ phase: back.phase, counts: back.counts, shown: back.shown }).toEqual({ phase: forward[i]!.phase, counts: forward[i]!.counts, shown: forward[i]!.shown });
    }
    expect(await p.isDisabled('[data-testid=learn-prev]')).toBe(true);
  });

  test('play, pause, speed, jump to a phase, keys, large text and a permalink to a step', async () => {
    const p = await open('');
    await p.selectOption('[data-testid=learn-speed]', '15');
    await p.click('[data-testid=learn-play]');
    await p.waitForFunction(() => window.__hpastarLearn.step >= 5);
    await p.keyboard.press(' ');
    const paused = await learn(p);
    expect(paused.playing).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect((await learn(p)).step).toBe(paused.step);
    // Jump to a phase, by the menu and by PageDown/PageUp.
    const abstractStart = await p.$eval('[data-testid=learn-phase]', (el) => [...(el as HTMLSelectElement).options].find((o) => o.text.includes('abstract search'))!.value);
    await p.selectOption('[data-testid=learn-phase]', abstractStart);
    expect((await learn(p)).phase).toBe('abstract');
    await p.keyboard.press('PageDown');
    expect((await learn(p)).phase).toBe('refinement');
    await p.keyboard.press('PageUp'); // from a phase's first step: the previous phase's first step
    const back = await learn(p);
    expect(back.phase).toBe('abstract');
    expect(back.step).toBe(Number(abstractStart));
    await p.keyboard.press('End');
    expect((await learn(p)).phase).toBe('result');
    await p.keyboard.press('Home');
    expect((await learn(p)).step).toBe(0);
    // Large text: a larger font, kept in the permalink.
    const small = await p.$eval('[data-testid=learn-text]', (el) => parseFloat(getComputedStyle(el).fontSize));
    await p.keyboard.press('l');
    const large = await p.$eval('[data-testid=learn-text]', (el) => parseFloat(getComputedStyle(el).fontSize));
    expect(large).toBeGreaterThan(1.4 * small);
    await p.selectOption('[data-testid=learn-phase]', abstractStart);
    await p.keyboard.press('ArrowRight');
    const here = await learn(p);
    const link = await p.getAttribute('[data-testid=learn-permalink]', 'href');
    expect(link).toContain(`step=${here.step}`);
    expect(link).toContain('large=1');
    await p.screenshot({ path: join(ARTIFACTS, 'teach-large-text.png') });
    await p.close();
    // The link opens the same step, with large text.
    const q = link!.slice(link!.indexOf('?'));
    const again = await open(q);
    const s = await learn(again);
    expect({ step: s.step, counts: s.counts, shown: s.shown }).toEqual({ step: here.step, counts: here.counts, shown: here.shown });
    expect(await again.evaluate(() => document.body.classList.contains('large'))).toBe(true);
  });

  test('every phase at a phone width, jumped to from the phase menu, nothing wider than the screen', async () => {
    const p = await open('?step=30', PHONE); // a permalink to a step opens on it
    expect((await learn(p)).step).toBe(30);
    const starts = await p.$$eval('[data-testid=learn-phase] option', (os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(starts).toHaveLength(ORDER.length);
    for (const [k, step] of starts.entries()) {
      await p.selectOption('[data-testid=learn-phase]', String(step));
      const s = await learn(p);
      expect(s.step).toBe(step);
      expect(s.phase).toBe(ORDER[k]);
      await checkStep(p, s, null);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const canvas = await p.$eval('[data-testid=learn-canvas]', (c) => c.getBoundingClientRect().width);
      expect(canvas).toBeGreaterThan(300);
      await p.screenshot({ path: join(ARTIFACTS, `teach-phone-${s.phase}.png`), fullPage: true });
    }
  });

  test('the counts shown at the end equal the native hpa tool\'s statistics for the same query', async () => {
    expect(nativeToolBuilt(), `${HPA} (npm run build:native) is what the counts are compared with`).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'hpastar-e2e-teach-'));
    try {
      writeFileSync(join(dir, 'teach40.map'), teachMapText());
      // The optimal length column is not what is compared here (the tool reports it as given).
      writeFileSync(join(dir, 'teach40.map.scen'), `version 1\n0\tteach40.map\t40\t40\t${TEACH_START.x}\t${TEACH_START.y}\t${TEACH_GOAL.x}\t${TEACH_GOAL.y}\t1\n`);
      const run = (algo: string) => {
        const r = spawnSync(HPA, ['scen', join(dir, 'teach40.map.scen'), '--algo', algo, '--per-query'], { encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        return JSON.parse(r.stdout.split('\n')[0]!) as { expanded_sg: number; expanded_main: number; expanded_refine: number };
      };
      const hpa = run('hpa');
      const astar = run('astar');
      const dhpa = run('dhpa');
      const p = await open('');
      await p.keyboard.press('End');
      const s = await learn(p);
      expect(s.counts).toEqual({ sg: hpa.expanded_sg, main: hpa.expanded_main, refinement: hpa.expanded_refine });
      expect(s.astarExpanded).toBe(astar.expanded_main);
      expect(await text(p, 'learn-astar')).toBe(String(astar.expanded_main));
      // And phase by phase: the count of each phase is complete when the next phase begins.
      const starts = await p.$$eval('[data-testid=learn-phase] option', (os) => os.map((o) => Number((o as HTMLOptionElement).value)));
      await p.selectOption('[data-testid=learn-phase]', String(starts[ORDER.indexOf('abstract')]));
      expect((await learn(p)).counts.sg).toBe(hpa.expanded_sg);
      await p.selectOption('[data-testid=learn-phase]', String(starts[ORDER.indexOf('refinement')]));
      expect((await learn(p)).counts.main).toBe(hpa.expanded_main);
      await p.selectOption('[data-testid=learn-phase]', String(starts[ORDER.indexOf('smoothing')]));
      expect((await learn(p)).counts.refinement).toBe(hpa.expanded_refine);
      // DHPA*: its tree of a node, its search without start and goal insertion, the tool's counts.
      await p.selectOption('[data-testid=learn-algo]', 'dhpa');
      await p.waitForURL(/algo=dhpa/);
      await p.waitForFunction(() => window.__hpastarLearn?.ready === true);
      expect((await learn(p)).query.dhpa).toBe(true);
      const dStarts = await p.$$eval('[data-testid=learn-phase] option', (os) => os.map((o) => Number((o as HTMLOptionElement).value)));
      await p.selectOption('[data-testid=learn-phase]', String(dStarts[ORDER.indexOf('insertion')]));
      const tree = await learn(p);
      expect(tree.shown!.treeArrows).toBeGreaterThan(50);
      expect(await text(p, 'learn-title')).toContain('stored tree');
      await p.screenshot({ path: join(ARTIFACTS, 'teach-dhpa-tree.png') });
      await p.keyboard.press('ArrowRight');
      await p.keyboard.press('ArrowRight');
      await p.screenshot({ path: join(ARTIFACTS, 'teach-dhpa-abstract.png') });
      await p.keyboard.press('End');
      expect((await learn(p)).counts).toEqual({ sg: dhpa.expanded_sg, main: dhpa.expanded_main, refinement: dhpa.expanded_refine });
      expect(dhpa.expanded_sg).toBe(0);
      // HAA*: each agent's counts in its query step equal the tool's for that agent (the page's options:
      // clusters of HAA_CLUSTER, sizes up to 3, the high-quality abstraction; ground agents).
      writeFileSync(join(dir, 'haa10.map'), haaMapText());
      writeFileSync(join(dir, 'haa10.map.scen'), `version 1\n0\thaa10.map\t10\t10\t${HAA_START.x}\t${HAA_START.y}\t${HAA_GOAL.x}\t${HAA_GOAL.y}\t1\n`);
      const haa = (size: number) => {
        const args = ['scen', join(dir, 'haa10.map.scen'), '--algo', 'haa', '--size', String(size), '--capability', 'ground', '--haa-cluster', String(HAA_CLUSTER), '--max-size', '3', '--per-query'];
        const r = spawnSync(HPA, args, { encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        const q = JSON.parse(r.stdout.split('\n')[0]!) as { expanded_sg: number; expanded_main: number; expanded_refine: number };
        return `${q.expanded_sg} + ${q.expanded_main} + ${q.expanded_refine} nodes expanded`;
      };
      const h = await open('?algo=haa');
      const hStarts = await h.$$eval('[data-testid=learn-phase] option', (os) => os.map((o) => Number((o as HTMLOptionElement).value)));
      await h.selectOption('[data-testid=learn-phase]', String(hStarts[HAA_PHASES.findIndex((phase) => phase.id === 'query')]));
      expect(await text(h, 'learn-text')).toContain(haa(1));
      await h.keyboard.press('ArrowRight');
      expect(await text(h, 'learn-text')).toContain(haa(2));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the same walkthrough on a map and query the user picks', async () => {
    const p = await open('?map=arena.map&start=3,3&goal=45,45');
    const s = await learn(p);
    expect(s.query).toMatchObject({ map: 'arena.map', start: { x: 3, y: 3 }, goal: { x: 45, y: 45 } });
    await p.keyboard.press('End');
    const end = await learn(p);
    expect(end.phase).toBe('result');
    expect(end.shown!.pathCells).toBeGreaterThan(40);
    // Clicking the map picks a new start, then a new goal: the page reopens on them.
    const box = (await p.$('[data-testid=learn-canvas]'))!;
    const r = (await box.boundingBox())!;
    const at = (x: number, y: number) => ({ x: r.x + ((x + 0.5) / 49) * r.width, y: r.y + ((y + 0.5) / 49) * r.height });
    const a = at(24, 2), b = at(24, 46);
    await p.mouse.click(a.x, a.y);
    await p.mouse.click(b.x, b.y);
    await p.waitForURL(/goal=24%2C46|goal=24,46/);
    await p.waitForFunction(() => window.__hpastarLearn?.ready === true);
    expect((await learn(p)).query).toMatchObject({ start: { x: 24, y: 2 }, goal: { x: 24, y: 46 } });
  });
});

describe('Learn: the HAA* walkthrough on the article\'s kind of 10 × 10 toy map', () => {
  const HAA_ORDER = HAA_PHASES.map((p) => p.id);
  /** The clearance the page shows for cell (x, y) of `capability` (its core's values, as drawn). */
  const valueAt = (s: LearnState, capability: string, x: number, y: number) => s.haaData!.clearance[s.haaData!.capabilities.indexOf(capability)]![y * HAA_MAP_ROWS[0]!.length + x];

  async function checkHaaStep(p: Page, s: LearnState): Promise<void> {
    const h = s.haa!;
    expect(await text(p, 'learn-position')).toContain(`Step ${s.step + 1} of ${s.steps}`);
    expect((await text(p, 'learn-title')).length).toBeGreaterThan(10);
    expect((await text(p, 'learn-text')).length).toBeGreaterThan(80);
    switch (s.phase) {
      case 'clearance':
        expect(h.numbered).toBeGreaterThan(0);
        break;
      case 'brushfire':
        expect(h.wrongCells).toBeGreaterThan(0);
        break;
      case 'entrances':
        // Every agent that fits through a border has entrances; size 1 of ground does (the gaps).
        if (h.capability === 'ground' && h.size === 1) expect(h.entranceSteps).toBeGreaterThan(0);
        break;
      case 'transitions':
        expect(h.transitions).toBeGreaterThan(0);
        break;
      case 'graph':
        if (h.capability === 'ground' && h.size === 1) expect(h.agentEdges).toBeGreaterThan(0);
        break;
      case 'query':
        expect(h.smallPathCells).toBeGreaterThan(1);
        break;
    }
  }

  test('steps forwards then backwards with an explanation at each step; the values shown are the ones worked by hand (1280 × 800)', async () => {
    const p = await open('?algo=haa');
    const first = await learn(p);
    expect(first.query).toMatchObject({ haa: true, map: 'haa10.map', cluster: 5 });
    const d = first.haaData!;
    expect([...d.capabilities].sort()).toEqual(['ground', 'ground,water', 'water']);
    // True clearance, worked by hand from the map (teachMap.ts): the largest square of the capability
    // grown down and right. (0,0) ground: rows 0..3 are ground, row 4 starts with a wall: 4. (1,4): water
    // at (2,4): 1. (7,4): the two-wide gap x 7..8: 2; (8,4): the wall at x 9: 1. (5,6): x 5..8, y 6..9
    // ground, a 5 × 5 square leaves the map: 4. Water at (2,4): the 2 × 2 pool: 2. Ground and water at
    // (1,4): x 1..3, y 4..6 holds no wall, x 4 does: 3.
    expect(valueAt(first, 'ground', 0, 0)).toBe(4);
    expect(valueAt(first, 'ground', 1, 4)).toBe(1);
    expect(valueAt(first, 'ground', 7, 4)).toBe(2);
    expect(valueAt(first, 'ground', 8, 4)).toBe(1);
    expect(valueAt(first, 'ground', 5, 6)).toBe(4);
    expect(valueAt(first, 'water', 2, 4)).toBe(2);
    expect(valueAt(first, 'ground,water', 1, 4)).toBe(3);
    // Brushfire (distance to the nearest non-ground cell or the map's outside): the gap's cells touch a
    // wall: 1; (0,0) touches the outside: 1; (1,1): 2. So a 2 × 2 agent finds no way through the gap.
    const brushfire = (x: number, y: number) => d.brushfire[y * 10 + x];
    expect([brushfire(7, 4), brushfire(0, 0), brushfire(1, 1)]).toEqual([1, 1, 2]);
    expect(d.brushfireFound).toBe(false);
    expect(d.trueFound).toBe(true);
    // The small agent walks straight down through the one-cell gap (6 steps); the big one goes round.
    expect(d.smallCost).toBe(6);
    expect(d.bigCost).toBeGreaterThan(d.smallCost + 5);

    const forward: LearnState[] = [first];
    await checkHaaStep(p, first);
    const shot = new Set<string>();
    for (;;) {
      const s = forward.at(-1)!;
      if (!shot.has(s.phase)) {
        shot.add(s.phase);
        await p.screenshot({ path: join(ARTIFACTS, `teach-haa-${s.phase}.png`) });
        // The clearance numbers are drawn in the cells (dark text on the map).
        if (s.phase === 'clearance') expect(await colourPixels(p, '#1a1a1a')).toBeGreaterThan(300);
      } else if (s.phase === 'brushfire') {
        // The article's Figure 5: the 2 × 2 agent with Brushfire finds no path; true clearance's is drawn.
        expect(await text(p, 'learn-title')).toContain('no path');
        await p.screenshot({ path: join(ARTIFACTS, 'teach-haa-figure5.png') });
      }
      if (s.step === s.steps - 1) break;
      if (s.step % 2 === 0) await p.click('[data-testid=learn-next]');
      else await p.keyboard.press('ArrowRight');
      const next = await learn(p);
      expect(next.step).toBe(s.step + 1);
      expect(HAA_ORDER.indexOf(next.phase as (typeof HAA_ORDER)[number])).toBeGreaterThanOrEqual(HAA_ORDER.indexOf(s.phase as (typeof HAA_ORDER)[number]));
      await checkHaaStep(p, next);
      forward.push(next);
    }
    expect([...shot]).toEqual(HAA_ORDER);
    // Capabilities toggled: the clearance phase shows each in turn, with its own numbers.
    expect(forward.filter((s) => s.phase === 'clearance').map((s) => s.haa!.capability).sort()).toEqual(['ground', 'ground,water', 'water']);
    const end = forward.at(-1)!;
    expect(end.haa!.bigPathCells).toBeGreaterThan(1);
    for (let i = forward.length - 2; i >= 0; i--) {
      if (i % 2 === 0) await p.click('[data-testid=learn-prev]');
      else await p.keyboard.press('ArrowLeft');
      const back = await learn(p);
      expect(back.step).toBe(i);
      expect({ phase: back.phase, haa: back.haa, title: await text(p, 'learn-title') }).toMatchObject({ phase: forward[i]!.phase, haa: forward[i]!.haa });
    }
  });

  test('every phase at a phone width, and HAA* on a map the user picks', async () => {
    const p = await open('?algo=haa', PHONE);
    const starts = await p.$$eval('[data-testid=learn-phase] option', (os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(starts).toHaveLength(HAA_PHASES.length);
    for (const [k, step] of starts.entries()) {
      await p.selectOption('[data-testid=learn-phase]', String(step));
      const s = await learn(p);
      expect(s.phase).toBe(HAA_PHASES[k]!.id);
      await checkHaaStep(p, s);
      // Nothing reaches past the screen's right edge (the elements that do are named).
      const wide = await p.evaluate((w) => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 0.5).map((e) => `${e.tagName}#${e.id}.${e.className}`), PHONE.width);
      expect(wide).toEqual([]);
      await p.screenshot({ path: join(ARTIFACTS, `teach-haa-phone-${s.phase}.png`), fullPage: true });
    }
    await p.close();
    const q = await open('?algo=haa&map=arena.map&start=3,3&goal=45,45&cluster=10');
    const s = await learn(q);
    expect(s.query).toMatchObject({ haa: true, map: 'arena.map', start: { x: 3, y: 3 }, goal: { x: 45, y: 45 } });
    await q.keyboard.press('End');
    const end = await learn(q);
    expect(end.phase).toBe('query');
    expect(end.haa!.smallPathCells).toBeGreaterThan(40);
  });
});
