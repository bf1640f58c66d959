// Issue 36's "Done when": every phase of the HPA*, DHPA* and HAA* walkthroughs (learn.html) and of the
// Worlds page's block-world walkthrough, at 1280 × 720 with large text, 1280 × 800 and 390 × 844. One
// representative step per phase (reached through the page's phase menu, not by clicking Next), checking
// the phase's title, its counts against the native `hpa` tool's (the Worlds page: against the package's
// own trace), the element the phase is about drawn (the page's state hook and its colour on the canvas),
// the map at least 60% of the viewport's smaller side and no horizontal overflow. Writes
// test-results/e2e/sweep-<walkthrough>-<phase>-<viewport>.png and sweep-ratios.json (the map's measured
// ratios, for the closing note).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { HAA_CLUSTER, HAA_GOAL, HAA_START, haaMapText, TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserPerFile, type Browser } from './browser';
import { learnState, openLearnWalkthrough, testIdText } from './learnPage';
import { HPA, nativeToolBuilt } from './native';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page | undefined;

useBrowserPerFile((b) => (browser = b), () => page);

interface Viewport {
  name: 'large' | 'desktop' | 'phone';
  size: { width: number; height: number };
}
const VIEWPORTS: readonly Viewport[] = [
  { name: 'large', size: { width: 1280, height: 720 } },
  { name: 'desktop', size: DESKTOP },
  { name: 'phone', size: PHONE },
];

/** The map's drawn size over the viewport's smaller side, per walkthrough, phase and viewport (for the note). */
const ratios: { walkthrough: string; phase: string; viewport: string; ratio: number }[] = [];
afterAll(() => writeFileSync(join(ARTIFACTS, 'sweep-ratios.json'), `${JSON.stringify(ratios, null, 1)}\n`));

type Stats = { expanded_sg: number; expanded_main: number; expanded_refine: number };
/** The native tool's per-query statistics, keyed 'hpa', 'dhpa', 'astar', 'haa1', 'haa2'. */
const native: Record<string, Stats> = {};

beforeAll(() => {
  expect(nativeToolBuilt(), `${HPA} (npm run build:native) is what the counts are compared with`).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'hpastar-e2e-sweep-'));
  try {
    const run = (map: string, text: string, size: number, s: { x: number; y: number }, g: { x: number; y: number }, args: string[]) => {
      writeFileSync(join(dir, map), text);
      writeFileSync(join(dir, `${map}.scen`), `version 1\n0\t${map}\t${size}\t${size}\t${s.x}\t${s.y}\t${g.x}\t${g.y}\t1\n`);
      const r = spawnSync(HPA, ['scen', join(dir, `${map}.scen`), ...args, '--per-query'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.split('\n')[0]!) as Stats;
    };
    for (const algo of ['hpa', 'dhpa', 'astar']) native[algo] = run('teach40.map', teachMapText(), 40, TEACH_START, TEACH_GOAL, ['--algo', algo]);
    for (const size of [1, 2]) {
      const args = ['--algo', 'haa', '--size', String(size), '--capability', 'ground', '--haa-cluster', String(HAA_CLUSTER), '--max-size', '3'];
      native[`haa${size}`] = run('haa10.map', haaMapText(), 10, HAA_START, HAA_GOAL, args);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const frames = (p: Page) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Pixels of `selector`'s canvas within 40 (sum over R, G, B) of `hex`. */
function colourPixels(p: Page, selector: string, hex: string): Promise<number> {
  return p.evaluate(
    ([sel, h]) => {
      const c = document.querySelector(sel!) as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(h!.slice(i, i + 2), 16));
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - g!) + Math.abs(d[i + 2]! - b!) < 40) n++;
      return n;
    },
    [selector, hex],
  );
}

/**
 * The layout rules at every step: the map's drawn square at least 60% of the viewport's smaller side
 * (recorded), nothing wider than the viewport, and the screenshot of the phase.
 */
async function checkLayout(p: Page, canvas: string, walkthrough: string, phase: string, v: Viewport): Promise<void> {
  const box = await p.$eval(canvas, (c) => c.getBoundingClientRect().toJSON() as DOMRect);
  const ratio = Math.min(box.width, box.height) / Math.min(v.size.width, v.size.height);
  ratios.push({ walkthrough, phase, viewport: v.name, ratio: Math.round(ratio * 1000) / 1000 });
  expect(ratio, `${walkthrough} ${phase} ${v.name}: map ${box.width} × ${box.height}`).toBeGreaterThanOrEqual(0.6);
  // Nothing reaches past the viewport's right edge (the elements that do are named).
  const wide = await p.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 0.5).map((e) => `${e.tagName}#${e.id}.${e.className}`);
    return document.documentElement.scrollWidth > w ? out.concat(`scrollWidth ${document.documentElement.scrollWidth} > ${w}`) : out;
  });
  expect(wide, `${walkthrough} ${phase} ${v.name}: wider than the viewport`).toEqual([]);
  await p.screenshot({ path: join(ARTIFACTS, `sweep-${walkthrough}-${phase}-${v.name}.png`) });
}

/** The last step of each phase the page's menu lists (the phase's counts complete there), in order. */
async function phaseEnds(p: Page): Promise<{ label: string; first: number; last: number }[]> {
  const { steps } = await learnState(p);
  const opts = await p.$$eval('[data-testid=learn-phase] option', (os) => os.map((o) => ({ label: (o as HTMLOptionElement).text, first: Number((o as HTMLOptionElement).value) })));
  return opts.map((o, k) => ({ ...o, last: (opts[k + 1]?.first ?? steps) - 1 }));
}

/** Goes to the last step of `ph`: the next phase's first step, one back (the menu's keys are its own, so the focus leaves it); the last phase: End. */
async function lastStepOf(p: Page, phases: { first: number }[], ph: { first: number; last: number }): Promise<void> {
  const next = phases.find((o) => o.first > ph.first);
  if (next) await p.selectOption('[data-testid=learn-phase]', String(next.first));
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await p.keyboard.press(next ? 'ArrowLeft' : 'End');
  expect((await learnState(p)).step).toBe(ph.last);
}

/** HPA* and DHPA*: the phase's own element, from the page's state and, where it has a colour of its own, on the canvas. */
async function checkHpaHighlight(p: Page, s: LearnState): Promise<void> {
  const sh = s.shown!;
  const px = (hex: string) => colourPixels(p, '#learn-canvas', hex);
  const what = `${s.phase} (step ${s.step})`;
  switch (s.phase) {
    case 'why': expect(sh.astarCells, what).toBeGreaterThan(0); break;
    case 'clusters': expect(sh.clusters, what).toBeGreaterThan(1); break;
    case 'entrances': expect(sh.entrances, what).toBeGreaterThan(0); expect(await px('#D55E00'), what).toBeGreaterThan(100); break;
    case 'transitions': expect(sh.transitions, what).toBeGreaterThan(0); break;
    case 'inter-edges': expect(sh.interEdges, what).toBeGreaterThan(0); expect(await px('#0072B2'), what).toBeGreaterThan(50); break;
    case 'intra-edges': expect(sh.intraEdges, what).toBeGreaterThan(0); expect(await px('#009E73'), what).toBeGreaterThan(20); break;
    case 'levels': expect(sh.clusters, what).toBeGreaterThan(0); break;
    // Its last step: the start's and the goal's edges into the graph (sky blue), after the searches or DHPA*'s trees.
    case 'insertion': expect(await px('#56B4E9'), what).toBeGreaterThan(20); break;
    case 'trees': expect(s.treeCost, what).not.toBeNull(); break;
    case 'abstract': expect(sh.closed, what).toBeGreaterThan(0); expect(await px('#CC79A7'), what).toBeGreaterThan(100); break;
    case 'termination': expect(s.termination, what).not.toBeNull(); break;
    case 'refinement': expect(sh.refinedCells, what).toBeGreaterThan(1); expect(await px('#E69F00'), what).toBeGreaterThan(50); break;
    case 'smoothing': expect(sh.smoothing + sh.pathCells, what).toBeGreaterThan(0); break;
    case 'optimality': expect(sh.optimalCells, what).toBeGreaterThan(1); expect(sh.pathCells, what).toBeGreaterThan(1); break;
    case 'short': expect(sh.shortPathCells, what).toBeGreaterThan(1); break;
    case 'result': expect(sh.pathCells, what).toBeGreaterThan(1); break;
    default: throw new Error(`a phase the sweep does not know: ${s.phase}`);
  }
}

/** HPA* and DHPA*: the table's counts are the state's, and each phase's count, once complete, the tool's. */
async function checkHpaCounts(p: Page, s: LearnState, order: string[], tool: Stats): Promise<void> {
  expect(await testIdText(p, 'learn-sg')).toBe(String(s.counts.sg));
  expect(await testIdText(p, 'learn-main')).toBe(String(s.counts.main));
  expect(await testIdText(p, 'learn-refinement')).toBe(String(s.counts.refinement));
  expect(await testIdText(p, 'learn-astar')).toBe(String(native['astar']!.expanded_main));
  const at = order.indexOf(s.phase);
  const past = (phase: string) => order.includes(phase) && at >= order.indexOf(phase);
  expect(s.counts.sg, s.phase).toBe(past('insertion') ? tool.expanded_sg : 0);
  expect(s.counts.main, s.phase).toBe(past('abstract') ? tool.expanded_main : 0);
  expect(s.counts.refinement, s.phase).toBe(past('refinement') ? tool.expanded_refine : 0);
}

describe('Learn: every phase of HPA*, DHPA* and HAA* at three viewports', () => {
  for (const [walkthrough, search] of [['hpa', ''], ['dhpa', '?algo=dhpa']] as const) {
    test(`${walkthrough}: one step of every phase`, async () => {
      const tool = native[walkthrough]!;
      for (const v of VIEWPORTS) {
        const q = v.name === 'large' ? `${search}${search ? '&' : '?'}large=1` : search;
        page = await openLearnWalkthrough(browser, baseUrl, q, v.size);
        const phases = await phaseEnds(page);
        const order: string[] = [];
        for (const ph of phases) {
          await lastStepOf(page, phases, ph);
          const s = await learnState(page);
          order.push(s.phase);
          expect(await testIdText(page, 'learn-position'), v.name).toContain(ph.label);
          expect(await testIdText(page, 'learn-title'), `${v.name} ${s.phase}`).toMatch(/\w{3}/);
          await frames(page);
          await checkHpaCounts(page, s, order, tool);
          await checkHpaHighlight(page, s);
          await checkLayout(page, '#learn-canvas', walkthrough, s.phase, v);
        }
        await page.close();
        page = undefined;
      }
    });
  }
});
