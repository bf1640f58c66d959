// The Learn page's live controls (issue 36, item 2): cluster size, entrance width, levels, smoothing,
// the query's ends and painted walls, each rebuilding the walkthrough in place. Each test checks the
// figures the page shows against the package's own for the new settings (computed here, in Node), the
// step kept (same phase, as far into it as it still goes), and the permalink opened again.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { loadHpastar, type Hpastar, type Point } from '../../web/lib/index';
import { traceSearch } from '../../web/lib/inspect';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { HAA_GOAL, HAA_START, haaMapText, TEACH_CLUSTER, TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { haaShownOf, makeHaaSteps, readHaaWalkthrough } from '../../web/demo/learn/haaWalkthrough';
import { pickShortQuery } from '../../web/demo/learn/tradeoffs';
import { makeSteps, readWalkthrough, type Step } from '../../web/demo/learn/walkthrough';
import { learnState, openLearnWalkthrough, testIdText } from './learnPage';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let hp: Hpastar;

useBrowserPerFile((b) => (browser = b), () => page);

beforeAll(async () => {
  hp = await loadHpastar();
});

/** Opens learn.html with `search` (a walkthrough that loads, no error) as the file's current page. */
const openLearn = async (search: string, size = DESKTOP): Promise<Page> => (page = await openLearnWalkthrough(browser, baseUrl, search, size));

const learn = learnState;
const text = testIdText;

/** Waits until the page has made `n` rebuilds in all and is ready again. */
async function rebuilt(p: Page, n: number): Promise<LearnState> {
  await p.waitForFunction((k) => window.__hpastarLearn.rebuilds === k && window.__hpastarLearn.ready, n, { timeout: 30_000 });
  return learn(p);
}

/** Types `value` into a number control and leaves it (its change event). */
async function setNumber(p: Page, id: string, value: number): Promise<void> {
  await p.fill(`[data-testid=${id}]`, String(value));
  await p.press(`[data-testid=${id}]`, 'Tab');
}

/** The centre of cell (x, y) of a square map of `side` cells (all of it drawn), in the viewport's CSS pixels. */
async function cellPoint(p: Page, x: number, y: number, side = 40): Promise<{ x: number; y: number }> {
  const r = await p.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
  return { x: r.left + ((x + 0.5) * r.width) / side, y: r.top + ((y + 0.5) * r.height) / side };
}

type Settings = Pick<LearnState['query'], 'start' | 'goal' | 'cluster' | 'levels' | 'entrance' | 'smooth' | 'paint'>;

const DEFAULTS: Settings = { start: TEACH_START, goal: TEACH_GOAL, cluster: TEACH_CLUSTER, levels: 1, entrance: 6, smooth: true, paint: [] };

/** What the package answers for `s` on the walkthrough's map, in Node: the walkthrough's steps and the query's own figures. */
function packageFigures(s: Settings): { steps: Step[]; stats: { sg: number; main: number; refinement: number }; cost: number; refinedCost: number; astar: { expanded: number; cost: number }; route: string[] } {
  const grid = hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
  // The painted cells, flipped here by hand: the page's own flipping is what is tested.
  for (const c of s.paint) grid.setTerrain(c.x, c.y, grid.passable(c.x, c.y) ? '@' : '.');
  const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: s.cluster, levels: s.levels, entranceWidth: s.entrance });
  try {
    const search = new hp.AStar();
    const astar = traceSearch(search, grid, s.start, s.goal);
    const data = readWalkthrough(planner, grid, s.start, s.goal, astar, { short: pickShortQuery(planner, grid, search) }, { smooth: s.smooth });
    const path = planner.findPath(s.start, s.goal, { smooth: s.smooth });
    const route: string[] = [];
    for (let k = 0; k < path.cells.length; k += 2) route.push(`${path.cells[k]},${path.cells[k + 1]}`);
    return {
      steps: makeSteps(data),
      stats: { sg: path.stats.expandedInsertion, main: path.stats.expandedMain, refinement: path.stats.expandedRefinement },
      cost: path.cost,
      refinedCost: traceSearch(planner, s.start, s.goal, { smooth: false }).path.cost,
      astar: { expanded: astar.path.stats.expandedMain, cost: astar.path.cost },
      route,
    };
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

/** The step a rebuild should land on: the same phase, as many steps into it as it still has. */
function keptStep(before: LearnState, oldSteps: readonly { phase: string }[], newSteps: readonly { phase: string }[]): number {
  const offset = before.step - oldSteps.findIndex((s) => s.phase === before.phase);
  const first = newSteps.findIndex((s) => s.phase === before.phase);
  const length = newSteps.filter((s) => s.phase === before.phase).length;
  return first + Math.min(offset, length - 1);
}

/** The page shows the package's figures for `s`: steps, the step's counts (table too), A*'s, the costs. */
async function checkFigures(p: Page, s: Settings): Promise<LearnState> {
  const got = await learn(p);
  const want = packageFigures(s);
  expect(got.query).toMatchObject(s);
  expect(got.steps).toBe(want.steps.length);
  expect(got.counts).toEqual(want.steps[got.step]!.counts);
  for (const [id, n] of [['learn-sg', got.counts.sg], ['learn-main', got.counts.main], ['learn-refinement', got.counts.refinement]] as const) expect(await text(p, id)).toBe(String(n));
  expect(got.astarExpanded).toBe(want.astar.expanded);
  expect(await text(p, 'learn-astar')).toBe(String(want.astar.expanded));
  expect(got.costs!.smoothed).toBeCloseTo(want.cost, 9);
  expect(got.costs!.refined).toBeCloseTo(want.refinedCost, 6);
  expect(got.costs!.optimal).toBeCloseTo(want.astar.cost, 9);
  // The walkthrough's last step counts what the query itself expanded.
  expect(want.steps.at(-1)!.counts).toEqual(want.stats);
  return got;
}

/** Opens the page's own permalink again: the same phase, step and figures. */
async function checkPermalink(p: Page, s: Settings): Promise<void> {
  const here = await learn(p);
  const href = (await p.getAttribute('[data-testid=learn-permalink]', 'href'))!;
  expect(p.url()).toContain(href.slice(href.indexOf('?')));
  await p.close();
  const again = await openLearn(href.slice(href.indexOf('?')));
  const there = await checkFigures(again, s);
  expect({ phase: there.phase, step: there.step, counts: there.counts, costs: there.costs, shown: there.shown }).toEqual({ phase: here.phase, step: here.step, counts: here.counts, costs: here.costs, shown: here.shown });
}

/** The first step of `phase` in the phase menu. */
const phaseStart = (p: Page, phase: string) =>
  p.$eval('[data-testid=learn-phase]', (el, label) => Number([...(el as HTMLSelectElement).options].find((o) => o.text.includes(label))!.value), phase);

describe('Learn: live controls', () => {
  test('cluster size, entrance width and levels rebuild in place: the package\'s figures, the same phase and step, a permalink that round-trips', async () => {
    const first = await phaseStart(await openLearn(''), 'abstract search');
    await page.selectOption('[data-testid=learn-phase]', String(first));
    for (let k = 0; k < 3; k++) await page.click('[data-testid=learn-next]');
    let settings = DEFAULTS;
    let before = await checkFigures(page, settings);
    expect(before.phase).toBe('abstract');
    const changes: [string, Partial<Settings>][] = [
      ['learn-cluster', { cluster: 8 }],
      ['learn-entrance', { entrance: 2 }],
      ['learn-levels', { levels: 2 }],
    ];
    for (const [k, [id, change]] of changes.entries()) {
      await setNumber(page, id, Object.values(change)[0] as number);
      const after = await rebuilt(page, k + 1);
      const next = { ...settings, ...change };
      expect(after.phase, id).toBe('abstract');
      expect(after.step, id).toBe(keptStep(before, packageFigures(settings).steps, packageFigures(next).steps));
      await checkFigures(page, next);
      expect(await page.getAttribute('[data-testid=learn-permalink]', 'href')).toContain(`step=${after.step}`);
      settings = next;
      before = after;
    }
    const href = (await page.getAttribute('[data-testid=learn-permalink]', 'href'))!;
    for (const part of ['cluster=8', 'entrance=2', 'levels=2']) expect(href).toContain(part);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-controls-levels.png') });
    await checkPermalink(page, settings);
  });

  test('a value out of range is refused and the controls show the settings in force', async () => {
    await openLearn('');
    await setNumber(page, 'learn-cluster', 0);
    expect(await text(page, 'learn-settings-note')).toMatch(/Cluster size: a whole number from 2/);
    expect(await page.inputValue('[data-testid=learn-cluster]')).toBe(String(TEACH_CLUSTER));
    expect((await learn(page)).rebuilds).toBe(0);
  });

  test('smoothing off: the smoothing phase says so, the answer is the refined path, the permalink keeps it', async () => {
    await openLearn('');
    await page.selectOption('[data-testid=learn-phase]', String(await phaseStart(page, 'smoothing')));
    await page.click('[data-testid=learn-next]');
    const before = await learn(page);
    expect(before.phase).toBe('smoothing');
    await page.uncheck('[data-testid=learn-smooth]');
    const after = await rebuilt(page, 1);
    const settings = { ...DEFAULTS, smooth: false };
    expect(after.step).toBe(keptStep(before, packageFigures(DEFAULTS).steps, packageFigures(settings).steps));
    expect(after.phase).toBe('smoothing');
    expect(await text(page, 'learn-title')).toBe('Smoothing: off');
    const got = await checkFigures(page, settings);
    expect(got.costs!.smoothed).toBeCloseTo(got.costs!.refined, 9);
    expect(got.costs!.smoothed).toBeGreaterThan(packageFigures(DEFAULTS).cost);
    expect(await page.getAttribute('[data-testid=learn-permalink]', 'href')).toContain('smooth=0');
    await checkPermalink(page, settings);
    expect(await page.isChecked('[data-testid=learn-smooth]')).toBe(false);
  });

  test('moving the goal (tool) and dragging the start change the query, keeping the step', async () => {
    await openLearn('');
    await page.selectOption('[data-testid=learn-phase]', String(await phaseStart(page, 'refinement')));
    const before = await learn(page);
    await page.selectOption('[data-testid=learn-tool]', 'goal');
    const g = await cellPoint(page, 33, 36);
    await page.mouse.click(g.x, g.y);
    let settings: Settings = { ...DEFAULTS, goal: { x: 33, y: 36 } };
    const moved = await rebuilt(page, 1);
    expect(moved.phase).toBe('refinement');
    expect(moved.step).toBe(keptStep(before, packageFigures(DEFAULTS).steps, packageFigures(settings).steps));
    await checkFigures(page, settings);
    // Dragging the start's marker to another free cell moves the start (one rebuild for the whole drag).
    await page.selectOption('[data-testid=learn-tool]', 'ends');
    const from = await cellPoint(page, TEACH_START.x, TEACH_START.y), to = await cellPoint(page, 5, 4);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let k = 1; k <= 5; k++) await page.mouse.move(from.x + ((to.x - from.x) * k) / 5, from.y + ((to.y - from.y) * k) / 5);
    await page.mouse.up();
    settings = { ...settings, start: { x: 5, y: 4 } };
    const dragged = await rebuilt(page, 2);
    expect(dragged.phase).toBe('refinement');
    await checkFigures(page, settings);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-controls-ends.png') });
    await checkPermalink(page, settings);
  });

  test('on a phone, dragging the goal\'s marker with a finger moves the goal and updates the step, keeping its phase (390 × 844, touch)', async () => {
    await openLearn('', PHONE);
    await page.selectOption('[data-testid=learn-phase]', String(await phaseStart(page, 'refinement')));
    const before = await learn(page);
    const [from, to] = [await cellPoint(page, TEACH_GOAL.x, TEACH_GOAL.y), await cellPoint(page, 33, 36)];
    // A real touch, through the browser's gesture handling (a pan of the page would cancel the pointer).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
    for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * k) / 8, y: from.y + ((to.y - from.y) * k) / 8 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    const settings: Settings = { ...DEFAULTS, goal: { x: 33, y: 36 } };
    const moved = await rebuilt(page, 1);
    expect(moved.query.goal).toEqual({ x: 33, y: 36 });
    expect(moved.phase).toBe('refinement');
    expect(moved.step).toBe(keptStep(before, packageFigures(DEFAULTS).steps, packageFigures(settings).steps));
    await checkFigures(page, settings);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-controls-touch-goal.png') });
  });

  test('painting a wall across the path changes the route: one rebuild a stroke, the package\'s new figures', async () => {
    await openLearn('');
    const old = packageFigures(DEFAULTS);
    // The route passes one of the two gaps of row 20's walls (x 5..7 or x 32..34): paint it shut.
    const gap = old.route.some((c) => c === '6,20' || c === '5,20' || c === '7,20') ? [5, 6, 7] : [32, 33, 34];
    expect(old.route.some((c) => gap.some((x) => c === `${x},20`))).toBe(true);
    await page.selectOption('[data-testid=learn-phase]', String(await phaseStart(page, 'result')));
    const before = await learn(page);
    await page.selectOption('[data-testid=learn-tool]', 'paint');
    const a = await cellPoint(page, gap[0]!, 20), b = await cellPoint(page, gap.at(-1)!, 20);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let k = 1; k <= 8; k++) await page.mouse.move(a.x + ((b.x - a.x) * k) / 8, a.y);
    // Mid-stroke: drawn, not rebuilt.
    expect((await learn(page)).rebuilds).toBe(0);
    await page.mouse.up();
    const after = await rebuilt(page, 1);
    await page.waitForTimeout(200);
    expect((await learn(page)).rebuilds).toBe(1);
    const settings = { ...DEFAULTS, paint: gap.map((x) => ({ x, y: 20 })) };
    expect(after.query.paint).toEqual(settings.paint);
    expect(after.phase).toBe('result');
    expect(after.step).toBe(keptStep(before, old.steps, packageFigures(settings).steps));
    const got = await checkFigures(page, settings);
    const now = packageFigures(settings);
    expect(now.route.some((c) => gap.some((x) => c === `${x},20`))).toBe(false);
    expect(now.route).not.toEqual(old.route);
    expect(got.shown!.pathCells).toBe(now.route.length);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-controls-paint.png') });
    // A second stroke over the same cells flips them back: the walkthrough as the map's file has it.
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    await rebuilt(page, 2);
    await checkFigures(page, DEFAULTS);
    expect(await page.getAttribute('[data-testid=learn-permalink]', 'href')).not.toContain('paint=');
  });

  test('a painted permalink opens with the same walls and figures', async () => {
    const settings = { ...DEFAULTS, paint: [{ x: 32, y: 20 }, { x: 33, y: 20 }, { x: 34, y: 20 }, { x: 35, y: 20 }, { x: 5, y: 21 }] };
    await openLearn(`?paint=${encodeURIComponent(settings.paint.map((c) => `${c.x},${c.y}`).join(';'))}&step=3`);
    await checkFigures(page, settings);
    await checkPermalink(page, settings);
  });

  /** The HAA* walkthrough the package gives for clusters of `cluster` and the query `start` → `goal`, in Node. */
  function haaFigures(cluster: number, start: Point, goal: Point) {
    const grid = hp.Grid.fromMovingAI(haaMapText(), 'haa10.map');
    const planner = hp.HAAStar.build(grid, { clusterSize: cluster, maxSize: 3 });
    try {
      const data = readHaaWalkthrough(hp, planner, grid, start, goal);
      return { data, steps: makeHaaSteps(data) };
    } finally {
      planner.dispose();
      grid.dispose();
    }
  }

  /** The page shows the package's HAA* walkthrough: its steps, the step's figures, both agents' costs. */
  async function checkHaa(p: Page, cluster: number, start: Point, goal: Point): Promise<LearnState> {
    const got = await learn(p);
    const { data, steps } = haaFigures(cluster, start, goal);
    expect(got.query).toMatchObject({ haa: true, cluster, start, goal });
    expect(got.steps).toBe(steps.length);
    expect(got.haa).toEqual(haaShownOf(steps[got.step]!, data));
    expect({ small: got.haaData!.smallCost, big: got.haaData!.bigCost }).toEqual({ small: data.small.cost, big: data.big.cost });
    expect(await text(p, 'learn-title')).toBe(steps[got.step]!.title);
    return got;
  }

  test('HAA*: cluster size and a moved goal rebuild its walkthrough with the package\'s figures, keeping the step', async () => {
    await openLearn('?algo=haa');
    await page.selectOption('[data-testid=learn-phase]', String(await phaseStart(page, 'Build: transitions')));
    await page.click('[data-testid=learn-next]');
    const before = await checkHaa(page, 5, HAA_START, HAA_GOAL);
    expect(await page.isVisible('[data-testid=learn-levels]')).toBe(false); // HPA*'s own settings hidden
    await setNumber(page, 'learn-cluster', 4);
    const after = await rebuilt(page, 1);
    expect(after.phase).toBe(before.phase);
    expect(after.step).toBe(keptStep(before, haaFigures(5, HAA_START, HAA_GOAL).steps, haaFigures(4, HAA_START, HAA_GOAL).steps));
    await checkHaa(page, 4, HAA_START, HAA_GOAL);
    await page.selectOption('[data-testid=learn-tool]', 'goal');
    const g = await cellPoint(page, 8, 8, 10);
    await page.mouse.click(g.x, g.y);
    await rebuilt(page, 2);
    await checkHaa(page, 4, HAA_START, { x: 8, y: 8 });
    const href = (await page.getAttribute('[data-testid=learn-permalink]', 'href'))!;
    expect(href).toContain('cluster=4');
    await page.screenshot({ path: join(ARTIFACTS, 'learn-controls-haa.png') });
    const here = await learn(page);
    await page.close();
    await openLearn(href.slice(href.indexOf('?')));
    const there = await checkHaa(page, 4, HAA_START, { x: 8, y: 8 });
    expect({ phase: there.phase, step: there.step }).toEqual({ phase: here.phase, step: here.step });
  });

  /** The boxes of the map and of the settings, in CSS pixels of the viewport. */
  const layout = (p: Page) =>
    p.evaluate(() => {
      const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().toJSON() as DOMRect;
      return { map: box('#learn-canvas'), settings: box('#learn-settings') };
    });

  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the controls never cover the map, which keeps at least 60% of the screen's smaller side (${size.width} × ${size.height})`, async () => {
      await openLearn('', size);
      await page.selectOption('[data-testid=learn-tool]', 'paint');
      const { map, settings } = await layout(page);
      const overlap = map.left < settings.right && settings.left < map.right && map.top < settings.bottom && settings.top < map.bottom;
      expect(overlap).toBe(false);
      expect(map.width).toBeGreaterThanOrEqual(0.6 * Math.min(size.width, size.height));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: join(ARTIFACTS, `learn-controls-${name}.png`), fullPage: name === 'phone' });
    });
  }
});
