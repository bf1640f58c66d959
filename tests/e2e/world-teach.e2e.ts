// The Worlds page's teaching layers in headless Chromium: the Hierarchy toggle draws as many boxes and
// nodes as the planner's stats say (the page's Hierarchy row), every node on exactly one floor, and the
// level-1 edges (their colours on the canvas, gone when it is off) with the links between floors in
// pairs; a start and a goal clicked on two floors, then Show search stepped (buttons, slider, keys) through the four
// phases, each caption's counts checked against traceSearch's own figures and the path's stats; the
// floor labels do not overlap and A*'s comparison never says "-0.0%". At 1280 × 800 and 390 × 844.
// Screenshots: test-results/e2e/world-teach-hierarchy-{desktop,phone}.png, world-teach-links.png (a floor
// with links up),
// world-teach-{insertion,abstract,refinement,smoothing}.png, world-teach-phone-abstract.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import type { WorldPageState } from '../../web/demo/world/worldPage';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const shown = (p: Page): Promise<WorldPageState> => p.evaluate(() => window.__hpastarWorld!.state());
const teach = (p: Page) => p.evaluate(() => window.__hpastarWorld!.teach());
const frames = (p: Page) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** A key to the page, not to the control that has the focus. */
async function key(p: Page, k: string): Promise<void> {
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await p.keyboard.press(k);
}

async function clickCell(p: Page, x: number, y: number): Promise<void> {
  const c = await p.evaluate(([cx, cy]) => window.__hpastarWorld!.cellCentre(cx!, cy!), [x, y]);
  await p.mouse.click(c.x, c.y);
}

async function waitIdle(p: Page): Promise<void> {
  await p.waitForFunction(() => window.__hpastarWorld?.ready === true && !window.__hpastarWorld.state().busy, null, { timeout: 30_000 });
}

/** The Hierarchy row's figures per level: [boxes, nodes]. */
async function statsShown(p: Page): Promise<[number, number][]> {
  const text = (await p.textContent('[data-testid=w-hierarchy]')) ?? '';
  return [...text.matchAll(/L\d+: (\d+) boxes, (\d+) nodes/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

function noOverlap(labels: WorldPageState['labels']): boolean {
  return labels.every((a, i) => labels.slice(i + 1).every((b) => !(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)));
}

/** Pixels of the world canvas in the intra-edge and inter-edge colours (edgeLayer.ts's EDGE_COLOURS). */
function edgePixels(p: Page): Promise<{ intra: number; inter: number }> {
  return p.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid=world-canvas]')!;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const near = (i: number, rgb: number[]) => rgb.every((v, k) => Math.abs(d[i + k]! - v) <= 24);
    let intra = 0, inter = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (near(i, [0x56, 0xb4, 0xe9])) intra++;
      else if (near(i, [0xd5, 0x5e, 0x00])) inter++;
    }
    return { intra, inter };
  });
}

/**
 * The level-1 edges with Hierarchy on: lines on floor 0 and no more than the graph has, links up and
 * down in pairs (each joins a floor to the next), the legend's counts, and the edge colours on the
 * canvas only while Hierarchy is on. Leaves floor 1 on screen and Hierarchy on.
 */
async function checkEdges(p: Page, levels: number): Promise<void> {
  const t = await teach(p);
  expect(t.counts.edges).toBeGreaterThan(0);
  const floorEdges: { lines: number; up: number; down: number }[] = [];
  for (let z = 0; z < levels; z++) {
    await key(p, String(z + 1));
    await frames(p);
    const e = (await teach(p)).counts.floorEdges;
    floorEdges.push({ lines: e.intra + e.inter, up: e.up, down: e.down });
    expect(await p.textContent('[data-testid=hier-counts]')).toContain(`L1 edges: ${e.intra + e.inter} of ${t.counts.edges} drawn, ${e.up} links up, ${e.down} down`);
  }
  const total = (k: 'lines' | 'up' | 'down') => floorEdges.reduce((n, f) => n + f[k], 0);
  expect(floorEdges[0]!.lines).toBeGreaterThan(0);
  expect(total('lines')).toBeLessThanOrEqual(t.counts.edges);
  expect(total('up')).toBeGreaterThan(0); // towers climb across the tops of the 4-floor boxes
  expect(total('up')).toBe(total('down'));
  const linked = floorEdges.findIndex((f) => f.up > 0);
  await key(p, String(linked + 1));
  await frames(p);
  await p.screenshot({ path: join(ARTIFACTS, 'world-teach-links.png') });
  await key(p, '1');
  await frames(p);
  const withEdges = await edgePixels(p);
  expect(withEdges.intra).toBeGreaterThan(50);
  expect(withEdges.inter).toBeGreaterThan(20);
  await p.uncheck('[data-testid=world-hierarchy]');
  await frames(p);
  const without = await edgePixels(p);
  expect(without.intra).toBeLessThan(withEdges.intra / 10);
  expect(without.inter).toBeLessThan(withEdges.inter / 10);
  await p.check('[data-testid=world-hierarchy]');
}

const num = (caption: string, re: RegExp) => {
  const m = caption.match(re);
  expect(m, `${re} in "${caption}"`).not.toBeNull();
  return m!.slice(1).map(Number);
};

test('hierarchy counts, the search phase by phase, labels and the A* comparison', async () => {
  page = await browser.page();
  await page.setViewportSize(DESKTOP);
  await page.goto(new URL('world.html?kind=towers&size=64x64x8&seed=3', baseUrl).href);
  await waitIdle(page);
  expect((await teach(page)).hierarchy).toBe(false);

  // Hierarchy on: as many boxes and nodes as the stats the page reports, each node on one floor.
  await page.check('[data-testid=world-hierarchy]');
  await frames(page);
  const stats = await statsShown(page);
  expect(stats.length).toBe(2);
  let t = await teach(page);
  expect(t.hierarchy).toBe(true);
  expect(t.counts.boxes).toEqual(stats.map((s) => s[0]));
  expect(t.counts.nodes).toEqual(stats.map((s) => s[1]));
  const { levels } = await shown(page);
  const perFloor: number[][] = [];
  for (let z = 0; z < levels; z++) {
    await key(page, String(z + 1));
    await frames(page);
    t = await teach(page);
    perFloor.push(t.counts.floorNodes);
    expect(t.counts.floorBoxes[0]).toBeGreaterThan(0);
    expect(await page.textContent('[data-testid=hier-counts]')).toContain(`L1: ${t.counts.floorBoxes[0]} of ${stats[0]![0]} boxes, ${t.counts.floorNodes[0]} of ${stats[0]![1]} nodes`);
  }
  for (let l = 0; l < stats.length; l++) expect(perFloor.reduce((n, f) => n + f[l]!, 0)).toBe(stats[l]![1]);
  await checkEdges(page, levels);

  // A start on floor 0, a goal on the highest floor it reaches, clicked.
  const { start, goal } = await page.evaluate(() => {
    const w = window.__hpastarWorld!;
    const { width, levels } = w.state();
    const cells = (z: number) => w.standing(z).flatMap((s, i) => (s ? [{ x: i % width, y: Math.floor(i / width), z }] : []));
    const start = cells(0).find((c) => c.x > 4 && c.y > 4)!;
    for (let z = levels - 1; z > 0; z--) {
      const goals = cells(z).filter((c) => w.reachable(start, c));
      if (goals.length) return { start, goal: goals.sort((a, b) => Math.abs(b.x - start.x) + Math.abs(b.y - start.y) - Math.abs(a.x - start.x) - Math.abs(a.y - start.y))[0]! };
    }
    throw new Error('no floor above 0 is reached from the start');
  });
  await key(page, '1');
  await clickCell(page, start.x, start.y);
  await key(page, String(goal.z + 1));
  await clickCell(page, goal.x, goal.y);
  const s = await shown(page);
  expect([s.start, s.goal, s.found]).toEqual([start, goal, true]);
  await key(page, '1');
  await frames(page);
  await page.screenshot({ path: join(ARTIFACTS, 'world-teach-hierarchy-desktop.png') });

  // Show search: each phase's caption against the trace's own figures.
  const trace = (await page.evaluate(() => window.__hpastarWorld!.trace()))!;
  const closed = (phase: string) => trace.searches.filter((x) => x.phase === phase).reduce((n, x) => n + x.closed, 0);
  expect(closed('insertion')).toBe(trace.stats.expandedInsertion);
  expect(closed('abstract')).toBe(trace.stats.expandedAbstract);
  expect(closed('refinement')).toBe(trace.stats.expandedRefinement);
  expect(trace.pathCells).toBe(s.pathCells.length / 3);
  await page.check('[data-testid=world-search]');
  await page.uncheck('[data-testid=world-hierarchy]');
  const expected = [
    { re: /: (\d+) searches \(over [^)]*\), (\d+) nodes expanded/, values: [trace.searches.filter((x) => x.phase === 'insertion').length, closed('insertion')] },
    { re: /: (\d+) nodes expanded, an abstract path of (\d+) nodes/, values: [closed('abstract'), trace.stats.abstractPathNodes!] },
    { re: /(\d+) segments .*: (\d+) nodes expanded, (\d+) cells/, values: [trace.stats.abstractPathNodes! - 1, closed('refinement'), trace.refinedCells] },
    { re: /puts (\d+) straight lines .*: (\d+) cells/, values: [trace.smoothingLines, trace.pathCells] },
  ];
  const names = ['insertion', 'abstract', 'refinement', 'smoothing'];
  for (let i = 0; i < 4; i++) {
    if (i > 0) await page.click('[data-testid=phase-next]');
    await frames(page);
    t = await teach(page);
    expect(t.phase).toBe(i);
    expect(t.steps[i]!.phase).toBe(names[i]);
    const caption = (await page.textContent('[data-testid=w-phase]'))!;
    expect(caption).toBe(t.caption);
    expect(num(caption, expected[i]!.re)).toEqual(expected[i]!.values);
    expect(await page.textContent('[data-testid=phase-name]')).toBe(`${i + 1}/4 ${names[i]}`);
    if (i < 2) expect(t.drawn!.closedCells + t.drawn!.closedNodes).toBeGreaterThan(0); // floor 0 holds the start's insertion and the abstract path's first node
    await page.screenshot({ path: join(ARTIFACTS, `world-teach-${names[i]}.png`) });
  }
  // The slider and the keys reach the same phases.
  await page.$eval('[data-testid=phase-scrub]', (el) => {
    (el as HTMLInputElement).value = '1';
    el.dispatchEvent(new Event('input'));
  });
  expect((await teach(page)).phase).toBe(1);
  await key(page, '[');
  expect((await teach(page)).phase).toBe(0);

  // A goal beside the start: one A* over the cells joins them, and the phases say so.
  const beside = await page.evaluate((a) => {
    const w = window.__hpastarWorld!;
    const { width } = w.state();
    const cells = w.standing(a.z).flatMap((on, i) => (on ? [{ x: i % width, y: Math.floor(i / width), z: a.z }] : []));
    return cells.find((c) => Math.max(Math.abs(c.x - a.x), Math.abs(c.y - a.y)) === 2 && w.reachable(a, c))!;
  }, start);
  await key(page, '1');
  await clickCell(page, start.x, start.y);
  await clickCell(page, beside.x, beside.y);
  expect((await shown(page)).goal).toEqual(beside);
  const near = (await page.evaluate(() => window.__hpastarWorld!.trace()))!;
  expect(near.searches.map((x) => x.phase)).toEqual(['astar']);
  t = await teach(page);
  expect(t.steps.map((x) => x.phase)).toEqual(names);
  expect(t.steps[0]!.caption).toContain(`one A* over the cells joins them, no hierarchy`);
  expect(num(t.steps[0]!.caption, /: (\d+) cells expanded/)).toEqual([near.searches[0]!.closed]);
  expect(t.steps[3]!.caption).toContain(`Nothing to smooth: the A*'s path is a shortest one, ${near.pathCells} cells`);
  await clickCell(page, start.x, start.y);
  await key(page, String(goal.z + 1));
  await clickCell(page, goal.x, goal.y);

  // Labels apart, on every floor the path crosses; A*'s comparison without a negative zero.
  for (const z of new Set(s.pathCells.filter((_, i) => i % 3 === 2))) {
    await key(page, String(z + 1));
    await frames(page);
    expect(noOverlap((await shown(page)).labels)).toBe(true);
  }
  await page.check('[data-testid=world-compare]');
  expect(await page.textContent('[data-testid=w-against]')).not.toContain('-0.0');

  // The phone: the same layers, still readable.
  await page.setViewportSize(PHONE);
  await key(page, '1');
  await page.check('[data-testid=world-hierarchy]');
  await page.click('[data-testid=phase-next]');
  await frames(page);
  expect(noOverlap((await shown(page)).labels)).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS, 'world-teach-phone-abstract.png'), fullPage: true });
});
