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
const ratios: { walkthrough: string; phase: string; viewport: string; ratio: number; title: string }[] = [];
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

/** The drawn size of the Learn page's map: its canvas's box. */
const canvasBox = (p: Page, selector: string) => p.$eval(selector, (c) => c.getBoundingClientRect().toJSON() as DOMRect);

/**
 * The layout rules at every step: the map's drawn square (`box`) at least 60% of the viewport's smaller
 * side (recorded) and wholly on the first screen, nothing wider than the viewport, and the screenshot of the phase.
 */
async function checkLayout(p: Page, box: { width: number; height: number; bottom: number }, walkthrough: string, phase: string, v: Viewport): Promise<void> {
  const ratio = Math.min(box.width, box.height) / Math.min(v.size.width, v.size.height);
  // What the step says (the Learn page's title, the Worlds page's caption or hierarchy counts), for the note.
  const title = await p.evaluate(() => ['learn-title', 'world-caption', 'hier-counts'].map((id) => document.getElementById(id)?.textContent?.trim() ?? '').find((t) => t) ?? '');
  ratios.push({ walkthrough, phase, viewport: v.name, ratio: Math.round(ratio * 1000) / 1000, title });
  expect(ratio, `${walkthrough} ${phase} ${v.name}: map ${box.width} × ${box.height}`).toBeGreaterThanOrEqual(0.6);
  // The whole map on the first screen (a phone's map comes first), measured from the page's top.
  const scrollY = await p.evaluate(() => window.scrollY);
  expect(box.bottom + scrollY, `${walkthrough} ${phase} ${v.name}: the map's bottom below the first screen`).toBeLessThanOrEqual(v.size.height + 0.5);
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
          await checkLayout(page, await canvasBox(page, '#learn-canvas'), walkthrough, s.phase, v);
        }
        await page.close();
        page = undefined;
      }
    });
  }
});

/** HAA*: the phase's own element, from the page's state (what the step draws) and its labels on the map. */
async function checkHaaHighlight(p: Page, s: LearnState): Promise<void> {
  const h = s.haa!;
  const what = `${s.phase} (step ${s.step})`;
  switch (s.phase) {
    case 'terrain': expect(s.haaData!.capabilities.length, what).toBe(3); break;
    // The clearance numbers, dark text in the cells.
    case 'clearance': expect(h.numbered, what).toBeGreaterThan(0); expect(await colourPixels(p, '#learn-canvas', '#1a1a1a'), what).toBeGreaterThan(300); break;
    case 'brushfire': expect(h.wrongCells, what).toBeGreaterThan(0); break;
    case 'entrances': expect(h.entranceSteps, what).toBeGreaterThan(0); break;
    case 'transitions':
    case 'compaction':
    case 'insertion': expect(h.transitions, what).toBeGreaterThan(0); break;
    case 'graph': expect(h.agentEdges, what).toBeGreaterThan(0); break;
    case 'dominance': expect(Math.min(h.gapPathCells, h.gapOptimalCells), what).toBeGreaterThan(1); break;
    case 'query': expect(h.smallPathCells, what).toBeGreaterThan(1); break;
    default: throw new Error(`a phase the sweep does not know: ${s.phase}`);
  }
}

describe('Learn: HAA* at three viewports', () => {
  test('haa: the first step of every phase', async () => {
    const said = (st: Stats) => `${st.expanded_sg} + ${st.expanded_main} + ${st.expanded_refine} nodes expanded`;
    for (const v of VIEWPORTS) {
      page = await openLearnWalkthrough(browser, baseUrl, v.name === 'large' ? '?algo=haa&large=1' : '?algo=haa', v.size);
      for (const ph of await phaseEnds(page)) {
        await page.selectOption('[data-testid=learn-phase]', String(ph.first));
        const s = await learnState(page);
        expect(await testIdText(page, 'learn-position'), v.name).toContain(ph.label);
        expect(await testIdText(page, 'learn-title'), `${v.name} ${s.phase}`).toMatch(/\w{3}/);
        // The query's first step is the size-1 agent's: its counts are the tool's for that agent.
        if (s.phase === 'query') expect(await testIdText(page, 'learn-text')).toContain(said(native['haa1']!));
        await frames(page);
        await checkHaaHighlight(page, s);
        await checkLayout(page, await canvasBox(page, '#learn-canvas'), 'haa', s.phase, v);
      }
      await page.close();
      page = undefined;
    }
  });
});

describe('Worlds page: the block-world walkthrough at three viewports', () => {
  const teach = (p: Page) => p.evaluate(() => window.__hpastarWorld!.teach());
  /** A key to the page, not to the control that has the focus. */
  const key = async (p: Page, k: string) => {
    await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await p.keyboard.press(k);
  };
  /** The floor's drawn square, from the centres of its corner cells (the canvas is wider than the floor it draws). */
  const floorBox = (p: Page) =>
    p.evaluate(() => {
      const w = window.__hpastarWorld!;
      const { width, height } = w.state();
      const a = w.cellCentre(0, 0), b = w.cellCentre(width - 1, height - 1);
      const cw = (b.x - a.x) / (width - 1), ch = (b.y - a.y) / (height - 1);
      return { width: cw * width, height: ch * height, bottom: b.y + ch / 2 };
    });
  // The page has no large-text switch of its own: large text is the browser's, a root font 1.5 times the page's 14 px.
  const setLarge = (p: Page, on: boolean) =>
    p.evaluate((large) => {
      document.getElementById('sweep-large')?.remove();
      if (!large) return;
      const style = document.createElement('style');
      style.id = 'sweep-large';
      style.textContent = 'html { font-size: 21px !important; }';
      document.head.append(style);
    }, on);

  /** A start on floor 0 and the farthest goal it reaches on the highest floor it reaches, clicked (as world-teach.e2e.ts). */
  async function clickQuery(p: Page): Promise<void> {
    const { start, goal } = await p.evaluate(() => {
      const w = window.__hpastarWorld!;
      const { width, levels } = w.state();
      const cells = (z: number) => w.standing(z).flatMap((s, i) => (s ? [{ x: i % width, y: Math.floor(i / width), z }] : []));
      const start = cells(0).find((c) => c.x > 4 && c.y > 4)!;
      for (let z = levels - 1; z > 0; z--) {
        const goals = cells(z).filter((c) => w.reachable(start, c));
        const far = (c: { x: number; y: number }) => Math.abs(c.x - start.x) + Math.abs(c.y - start.y);
        if (goals.length) return { start, goal: goals.sort((a, b) => far(b) - far(a))[0]! };
      }
      throw new Error('no floor above 0 is reached from the start');
    });
    for (const end of [start, goal]) {
      await key(p, String(end.z + 1));
      const c = await p.evaluate(([x, y]) => window.__hpastarWorld!.cellCentre(x!, y!), [end.x, end.y]);
      await p.mouse.click(c.x, c.y);
    }
    const s = await p.evaluate(() => window.__hpastarWorld!.state());
    expect([s.start, s.goal, s.found]).toEqual([start, goal, true]);
    await key(p, '1');
    // The pointer's line speaks of the floor on screen, not of the floor the goal was clicked on.
    await frames(p);
    expect(await p.textContent('[data-testid=world-hud]')).not.toMatch(/floor [1-9]/);
  }

  test('world: the hierarchy, then the four phases of the search, on the start\'s floor', async () => {
    page = await browser.page();
    await page.setViewportSize(VIEWPORTS[0]!.size);
    await page.goto(new URL('world.html?kind=towers&size=64x64x8&seed=3', baseUrl).href);
    await page.waitForFunction(() => window.__hpastarWorld?.ready === true && !window.__hpastarWorld.state().busy, null, { timeout: 30_000 });
    await clickQuery(page);
    // Each phase's caption against the package's own trace of the same query.
    const trace = (await page.evaluate(() => window.__hpastarWorld!.trace()))!;
    const closed = (phase: string) => trace.searches.filter((x) => x.phase === phase).reduce((n, x) => n + x.closed, 0);
    const captions: [RegExp, number[]][] = [
      [/: (\d+) searches \(over [^)]*\), (\d+) nodes expanded/, [trace.searches.filter((x) => x.phase === 'insertion').length, closed('insertion')]],
      [/: (\d+) nodes expanded, an abstract path of (\d+) nodes/, [closed('abstract'), trace.stats['abstractPathNodes']!]],
      [/(\d+) segments .*: (\d+) nodes expanded, (\d+) cells/, [trace.stats['abstractPathNodes']! - 1, closed('refinement'), trace.refinedCells]],
      [/puts (\d+) straight lines .*: (\d+) cells/, [trace.smoothingLines, trace.pathCells]],
    ];
    const phases = ['insertion', 'abstract', 'refinement', 'smoothing'];
    // The colour of what each phase leaves on the floor (searchLayer.ts's PHASE_COLOURS): its searches, its path.
    const colours = ['#56B4E9', '#CC79A7', '#E69F00', '#D55E00'];
    for (const v of VIEWPORTS) {
      await page.setViewportSize(v.size);
      await setLarge(page, v.name === 'large');
      // The build: Hierarchy on, the Hierarchy row's boxes and nodes as many as the layer counts.
      await page.check('[data-testid=world-hierarchy]');
      await page.uncheck('[data-testid=world-search]');
      await frames(page);
      const t = await teach(page);
      const row = (await page.textContent('[data-testid=w-hierarchy]')) ?? '';
      expect([...row.matchAll(/L\d+: (\d+) boxes, (\d+) nodes/g)].map((m) => [Number(m[1]), Number(m[2])])).toEqual(t.counts.boxes.map((b, l) => [b, t.counts.nodes[l]]));
      expect(t.counts.floorBoxes[0], v.name).toBeGreaterThan(0);
      expect(await colourPixels(page, '[data-testid=world-canvas]', '#56B4E9'), `hierarchy ${v.name}: intra-edges`).toBeGreaterThan(50);
      await checkLayout(page, await floorBox(page), 'world', 'hierarchy', v);
      await page.uncheck('[data-testid=world-hierarchy]');
      await page.check('[data-testid=world-search]');
      for (const [i, phase] of phases.entries()) {
        await page.$eval('[data-testid=phase-scrub]', (el, k) => {
          (el as HTMLInputElement).value = String(k);
          el.dispatchEvent(new Event('input'));
        }, i);
        await frames(page);
        const ts = await teach(page);
        expect(await page.textContent('[data-testid=phase-name]')).toBe(`${i + 1}/4 ${phase}`);
        const caption = (await page.textContent('[data-testid=w-phase]')) ?? '';
        const m = caption.match(captions[i]![0]);
        expect(m?.slice(1).map(Number), `${phase}: "${caption}"`).toEqual(captions[i]![1]);
        if (i < 2) expect(ts.drawn!.closedCells + ts.drawn!.closedNodes, `${phase} ${v.name}`).toBeGreaterThan(0);
        const own = await colourPixels(page, '[data-testid=world-canvas]', colours[i]!);
        expect(own, `${phase} ${v.name}: its colour`).toBeGreaterThan(20);
        // Before smoothing the answer is not known yet: the found path (blue) stays faded under what the phase makes.
        if (phase === 'abstract' || phase === 'refinement') expect(await colourPixels(page, '[data-testid=world-canvas]', '#0072B2'), `${phase} ${v.name}: the path over it`).toBeLessThan(own / 4);
        await checkLayout(page, await floorBox(page), 'world', phase, v);
      }
    }
  });
});
