// The Learn page's and the Worlds page's defects of issue 36, one test each, in headless Chromium at
// 1280 × 800 unless a test sets another size.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { loadHpastar, type Point } from '../../web/lib/index';
import { traceSearch } from '../../web/lib/inspect';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { teachMapText } from '../../web/demo/learn/teachMap';
import { ARTIFACTS, DESKTOP, openDemo, PHONE, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

/** Opens learn.html with `search` and waits until its walkthrough is ready or has failed. */
async function openLearn(search: string, size = DESKTOP): Promise<Page> {
  page = await browser.page();
  await page.setViewportSize(size);
  await page.goto(new URL(`learn.html${search}`, baseUrl).href);
  await page.waitForFunction(() => window.__hpastarLearn?.ready === true || window.__hpastarLearn?.error, null, { timeout: 30_000 });
  return page;
}

const learn = (p: Page): Promise<LearnState> => p.evaluate(() => JSON.parse(JSON.stringify(window.__hpastarLearn)) as LearnState);
const text = async (p: Page, id: string) => (await p.textContent(`[data-testid=${id}]`))?.trim() ?? '';

describe('Worlds page', () => {
  /** Opens world.html on towers 64 × 64 × 8, seed 3 (the world of tests/e2e/world.e2e.ts). */
  async function openWorld(): Promise<Page> {
    page = await browser.page();
    await page.setViewportSize(DESKTOP);
    await page.goto(new URL('world.html?kind=towers&size=64x64x8&seed=3', baseUrl).href);
    await page.waitForFunction(() => window.__hpastarWorld?.ready === true && !window.__hpastarWorld.state().busy, null, { timeout: 30_000 });
    return page;
  }

  async function clickWorldCell(p: Page, x: number, y: number): Promise<void> {
    const c = await p.evaluate(([cx, cy]) => window.__hpastarWorld!.cellCentre(cx!, cy!), [x, y]);
    await p.mouse.click(c.x, c.y);
  }

  test('"path N% longer" is never negative: a path as long as A*\'s says 0.0%', async () => {
    await openWorld();
    await page.check('[data-testid=world-compare]');
    // Pairs of cells of floor 0 that reach each other, spread over the floor.
    const pairs = await page.evaluate(() => {
      const w = window.__hpastarWorld!;
      const { width } = w.state();
      const cells = w.standing(0).flatMap((s, i) => (s ? [{ x: i % width, y: Math.floor(i / width), z: 0 }] : []));
      const out: { a: { x: number; y: number }; b: { x: number; y: number } }[] = [];
      for (let k = 0; k < 60; k++) {
        const a = cells[(k * 97) % cells.length]!, b = cells[(k * 389 + 17) % cells.length]!;
        if (w.reachable(a, b) && (a.x !== b.x || a.y !== b.y)) out.push({ a, b });
      }
      return out;
    });
    expect(pairs.length).toBeGreaterThan(20);
    let equal = 0;
    for (const { a, b } of pairs) {
      await clickWorldCell(page, a.x, a.y);
      await clickWorldCell(page, b.x, b.y);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const s = await page.evaluate(() => window.__hpastarWorld!.state());
      const against = await text(page, 'w-against');
      expect(s.astar?.found).toBe(true);
      const percent = Number(/path (-?[\d.]+)% longer/.exec(against)?.[1]);
      expect(against, `${a.x},${a.y} → ${b.x},${b.y}: HPA* ${s.cost}, A* ${s.astar!.cost}`).not.toMatch(/-\d/);
      expect(percent).toBeCloseTo(Math.max(0, (s.cost! / s.astar!.cost! - 1) * 100), 1);
      if (Math.abs(s.cost! - s.astar!.cost!) < 1e-9) equal++;
    }
    expect(equal).toBeGreaterThan(0);
  });

  test('the labels drawn on a floor (floor changes, the ends\' floors) never overlap', async () => {
    await openWorld();
    // The query of world.e2e.ts: a start on floor 0 and the farthest goal it reaches on the highest floor it reaches.
    const { start, goal } = await page.evaluate(() => {
      const w = window.__hpastarWorld!;
      const { width, levels } = w.state();
      const cells = (z: number) => w.standing(z).flatMap((s, i) => (s ? [{ x: i % width, y: Math.floor(i / width), z }] : []));
      const start = cells(0).find((c) => c.x > 2 && c.y > 2)!;
      for (let z = levels - 1; z > 0; z--) {
        const goals = cells(z).filter((c) => w.reachable(start, c));
        if (goals.length) return { start, goal: goals.sort((a, b) => Math.abs(b.x - start.x) + Math.abs(b.y - start.y) - Math.abs(a.x - start.x) - Math.abs(a.y - start.y))[0]! };
      }
      throw new Error('no floor above 0 is reached from the start');
    });
    await page.keyboard.press('1');
    await clickWorldCell(page, start.x, start.y);
    await page.keyboard.press(String(goal.z + 1));
    await clickWorldCell(page, goal.x, goal.y);
    let drawn = 0;
    for (let z = 0; z < 8; z++) {
      await page.keyboard.press(String(z + 1));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const labels = await page.evaluate(() => window.__hpastarWorld!.state().labels);
      drawn += labels.length;
      if (z === 2) await page.screenshot({ path: join(ARTIFACTS, 'world-defect-labels-floor2.png') });
      for (let i = 0; i < labels.length; i++) {
        for (let j = 0; j < i; j++) {
          const a = labels[i]!, b = labels[j]!;
          const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          expect(overlap, `floor ${z}: "${a.text}" at ${a.x.toFixed(0)},${a.y.toFixed(0)} and "${b.text}" at ${b.x.toFixed(0)},${b.y.toFixed(0)}`).toBe(false);
        }
      }
    }
    expect(drawn).toBeGreaterThan(5);
  });
});

describe('explorer HUD', () => {
  test('a wall painted inside the map is called a wall, not "out of bounds"', async () => {
    page = await browser.page();
    await page.setViewportSize(DESKTOP);
    await openDemo(page, baseUrl, '?map=arena.map');
    await page.check('[data-testid=tool-brush]');
    const cell = await page.evaluate(() => window.__hpastarDemo.cellToClient(24, 24));
    await page.mouse.click(cell.clientX, cell.clientY);
    await page.waitForTimeout(300);
    await page.mouse.move(cell.clientX + 40, cell.clientY + 40);
    await page.mouse.move(cell.clientX, cell.clientY);
    await expect.poll(() => page.textContent('#hud-cell')).toBe('(24, 24) wall');
  });
});

describe('Learn page', () => {
  /** Clicks the centre of cell (x, y) of the walkthrough's map. */
  async function clickLearnCell(p: Page, x: number, y: number): Promise<void> {
    const { left, top, width, height, cols, rows } = await p.evaluate(() => {
      const r = document.getElementById('learn-canvas')!.getBoundingClientRect();
      const { map } = window.__hpastarLearn.query;
      return { left: r.left, top: r.top, width: r.width, height: r.height, cols: map === 'haa10.map' ? 10 : 40, rows: map === 'haa10.map' ? 10 : 40 };
    });
    await p.mouse.click(left + ((x + 0.5) * width) / cols, top + ((y + 0.5) * height) / rows);
  }

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

  test('HAA* with a start Brushfire shuts says why (its clearance), never "outside the map or blocked" for a free cell', async () => {
    await openLearn('?algo=haa&start=8,0&goal=8,8');
    const state = await learn(page);
    expect(state.error).toBeNull();
    let explained = 0;
    for (let k = 0; k < state.steps; k++) {
      const body = `${await text(page, 'learn-title')} ${await text(page, 'learn-text')}`;
      expect(body, `step ${k}`).not.toMatch(/outside the map or blocked/);
      if (/the start \(8, 0\) has Brushfire clearance 1, less than the agent's size 2/.test(body)) explained++;
      if (k < state.steps - 1) await page.click('[data-testid=learn-next]');
    }
    expect(explained).toBe(1);
  });

  test('start and goal are drawn in colours no other element has, and the legend names them', async () => {
    await openLearn('');
    expect((await learn(page)).step).toBe(0); // clusters only: no entrance drawn yet
    expect(await colourPixels(page, '#D55E00')).toBe(0);
    const legend = await page.textContent('#learn-legend');
    expect(legend).toMatch(/start/);
    expect(legend).toMatch(/goal/);
    await page.close();
    await openLearn('?algo=haa');
    const haaLegend = await page.textContent('#learn-haa-legend');
    expect(haaLegend).toMatch(/start/);
    expect(haaLegend).toMatch(/goal/);
  });
  test('a click on a wall is refused and the walkthrough stays alive; a permalink with a blocked start keeps its menus', async () => {
    await openLearn('');
    const before = await learn(page);
    await clickLearnCell(page, 8, 13); // a wall of the room
    expect(await text(page, 'learn-title')).toMatch(/\(8, 13\) is a wall/);
    await clickLearnCell(page, 20, 36); // free: the new start
    await page.waitForTimeout(300);
    await page.waitForFunction(() => window.__hpastarLearn?.ready === true || window.__hpastarLearn?.error, null, { timeout: 30_000 });
    const after = await learn(page);
    expect(after.error).toBeNull();
    expect(after.steps).toBe(before.steps);
    expect(page.url()).not.toContain('start=8');
    expect(await text(page, 'learn-title')).toMatch(/New start 20,36/);
    await page.click('[data-testid=learn-next]');
    expect((await learn(page)).step).toBe(1);
    // A permalink whose start is a wall: the error names it, and the map and algorithm menus still work.
    await page.close();
    await openLearn('?start=8,13&goal=20,36');
    expect((await learn(page)).error).toMatch(/8,13/);
    expect(await page.$$eval('[data-testid=learn-map] option', (o) => o.length)).toBeGreaterThan(2);
    await page.selectOption('[data-testid=learn-map]', 'arena.map');
    await page.waitForFunction(() => location.search.includes('arena.map') && window.__hpastarLearn?.ready === true, null, { timeout: 30_000 });
    expect((await learn(page)).error).toBeNull();
  });

  test('a big map\'s walkthrough groups its steps: at most 30 a phase of clusters, segments or replacements, every intra-edge shown at the end', async () => {
    await openLearn('?map=8room_000.map');
    const state = await learn(page);
    expect(state.error).toBeNull();
    expect(state.steps).toBeLessThan(300);
    const phases = await page.$$eval('[data-testid=learn-phase] option', (o) => o.map((e) => ({ label: e.textContent!, first: Number((e as HTMLOptionElement).value) })));
    const span = (label: string) => {
      const k = phases.findIndex((p) => p.label.includes(label));
      return { first: phases[k]!.first, end: phases[k + 1]?.first ?? state.steps };
    };
    const intra = span('intra-edges');
    expect(intra.end - intra.first).toBeLessThanOrEqual(30);
    const refinement = span('refinement');
    expect(refinement.end - refinement.first).toBeLessThanOrEqual(30);
    // The last intra-edge step draws every cluster's edges: as many as the next phase keeps.
    await page.selectOption('[data-testid=learn-phase]', String(intra.end));
    await page.click('[data-testid=learn-prev]');
    const last = await learn(page);
    expect(last.phase).toBe('intra-edges');
    await page.click('[data-testid=learn-next]');
    const next = await learn(page);
    expect(last.shown!.intraEdges).toBeGreaterThan(1000);
    expect(last.shown!.intraEdges).toBe(next.shown!.intraEdges);
    expect(await text(page, 'learn-title')).not.toBe('');
  });

  /** The boxes of the map, the Next button and the legend, in CSS pixels of the viewport. */
  const boxes = (p: Page) =>
    p.evaluate(() => {
      const box = (sel: string) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, width: r.width, height: r.height };
      };
      return { map: box('#learn-canvas'), next: box('#learn-next'), legend: box(document.body.classList.contains('haa') ? '#learn-haa-legend' : '#learn-legend'), scrollY: window.scrollY };
    });

  test('on a phone (390 × 844) the map and the Next button are on the first screen, and Next needs no scroll', async () => {
    await openLearn('', PHONE);
    const b = await boxes(page);
    expect(b.map.width).toBeGreaterThanOrEqual(0.6 * PHONE.width);
    expect(b.map.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(b.next.bottom).toBeLessThanOrEqual(PHONE.height);
    for (let k = 1; k <= 3; k++) {
      await page.mouse.click((b.next.width > 0 ? (await page.$eval('#learn-next', (e) => e.getBoundingClientRect().left)) : 0) + 5, b.next.top + b.next.height / 2);
      expect((await learn(page)).step).toBe(k);
    }
    expect((await boxes(page)).scrollY).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-defect-phone.png') });
  });

  test('large text at 1280 × 720 keeps the map at least 60% of the screen\'s height, and the legend on the first screen', async () => {
    for (const algo of ['', '&algo=haa']) {
      await openLearn(`?large=1${algo}`, { width: 1280, height: 720 });
      const b = await boxes(page);
      expect(b.map.width, algo).toBeGreaterThanOrEqual(0.6 * 720);
      expect(b.map.bottom, algo).toBeLessThanOrEqual(720);
      expect(b.legend.bottom, algo).toBeLessThanOrEqual(720);
      expect(b.next.bottom, algo).toBeLessThanOrEqual(720);
      await page.screenshot({ path: join(ARTIFACTS, `learn-defect-large${algo ? '-haa' : ''}.png`) });
      await page.close();
    }
  });

  test('HAA*: every transition\'s inter-edge labels inside the map and apart, and the size-2 path said to be drawn through its square\'s middle', async () => {
    await openLearn('?algo=haa');
    const steps = (await learn(page)).steps;
    for (let k = 0; k < steps - 1 && !/annotations/.test(await text(page, 'learn-title')); k++) await page.click('[data-testid=learn-next]');
    expect(await text(page, 'learn-title')).toMatch(/annotations/);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { labels, width, height } = (await learn(page)).haaLabels!;
    await page.screenshot({ path: join(ARTIFACTS, 'learn-defect-haa-labels.png') });
    // One label at least per transition (7 on the walkthrough's map).
    expect(labels.length).toBeGreaterThanOrEqual(7);
    for (const l of labels) {
      expect(l.x, l.text).toBeGreaterThanOrEqual(0);
      expect(l.y, l.text).toBeGreaterThanOrEqual(0);
      expect(l.x + l.width, l.text).toBeLessThanOrEqual(width);
      expect(l.y + l.height, l.text).toBeLessThanOrEqual(height);
    }
    for (let i = 0; i < labels.length; i++)
      for (let j = 0; j < i; j++) {
        const a = labels[i]!, b = labels[j]!;
        expect(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height, `"${a.text}" and "${b.text}" at ${a.x.toFixed(0)},${a.y.toFixed(0)}`).toBe(false);
      }
    await page.keyboard.press('End');
    expect(await text(page, 'learn-text')).toMatch(/drawn through the middle of the agent's square/);
  });
  /**
   * The package's own figures for a Learn query, in Node: the refined path's cost (HPA* unsmoothed),
   * the answer's and plain A*'s, with the page's options (the paper's, `cluster` and `levels`).
   */
  async function packageCosts(mapText: string, q: LearnState['query']): Promise<{ refined: number; smoothed: number; optimal: number; optimalCells: number }> {
    const hp = await loadHpastar();
    const grid = hp.Grid.fromMovingAI(mapText, q.map);
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: q.cluster, levels: q.levels });
    try {
      const ends: [Point, Point] = [q.start, q.goal];
      const astar = new hp.AStar().findPath(grid, ...ends);
      return { refined: traceSearch(planner, ...ends, { smooth: false }).path.cost, smoothed: planner.findPath(...ends).cost, optimal: astar.cost, optimalCells: astar.cells.length / 2 };
    } finally {
      planner.dispose();
      grid.dispose();
    }
  }

  /** Opens `search`, then its "why not optimal" step by its permalink (step=K, K read from the phase menu). */
  async function openOptimality(search: string): Promise<LearnState> {
    await openLearn(search);
    const first = await page.$eval('[data-testid=learn-phase]', (el) => [...(el as HTMLSelectElement).options].find((o) => o.text.includes('why not optimal'))!.value);
    await page.close();
    await openLearn(`${search}${search ? '&' : '?'}step=${first}`);
    const s = await learn(page);
    expect(s.error).toBeNull();
    expect(s.step).toBe(Number(first));
    expect(s.phase).toBe('optimality');
    expect(await page.getAttribute('[data-testid=learn-permalink]', 'href')).toContain(`step=${first}`);
    // The step before is smoothing's last, the one after the result.
    await page.click('[data-testid=learn-prev]');
    expect((await learn(page)).phase).toBe('smoothing');
    await page.keyboard.press('End');
    expect((await learn(page)).phase).toBe('result');
    await page.selectOption('[data-testid=learn-phase]', first);
    return learn(page);
  }

  /** The page's costs equal the package's, their split adds up, the text states each, and the optimal path is drawn in blue. */
  async function checkCosts(s: LearnState, mapText: string): Promise<void> {
    const want = await packageCosts(mapText, s.query);
    const c = s.costs!;
    expect(c.refined).toBeCloseTo(want.refined, 6);
    expect(c.smoothed).toBeCloseTo(want.smoothed, 9);
    expect(c.optimal).toBeCloseTo(want.optimal, 9);
    expect(c.detour).toBeCloseTo(c.refined - c.optimal, 9);
    expect(c.recovered).toBeCloseTo(c.refined - c.smoothed, 9);
    expect(c.recovered + c.remaining).toBeCloseTo(c.detour, 9);
    const body = await text(page, 'learn-text');
    for (const x of [c.refined, c.smoothed, c.optimal]) expect(body).toContain(x.toFixed(2));
    expect(s.shown!.optimalCells).toBe(want.optimalCells);
    expect(s.shown!.pathCells).toBeGreaterThan(1);
    expect(s.shown!.refinedCells).toBeGreaterThan(1);
    // Nothing else on this step is blue (the inter-edges are left out): these pixels are the optimal path's.
    expect(await colourPixels(page, '#0072B2')).toBeGreaterThan(150);
  }

  test('"why not optimal" on 8room_000 (1,0 → 511,511): the three costs of the package, the gap split, the optimal path drawn', async () => {
    const s = await openOptimality('?map=8room_000.map');
    expect(s.query).toMatchObject({ map: '8room_000.map', start: { x: 1, y: 0 }, goal: { x: 511, y: 511 } });
    await checkCosts(s, readFileSync(new URL('../../maps/8room_000.map', import.meta.url), 'utf8'));
    const c = s.costs!;
    expect(c.smoothed - c.optimal).toBeGreaterThan(1); // suboptimal: 891.48 against 883.72
    expect(await text(page, 'learn-title')).toMatch(/^Why not optimal: /);
    const body = await text(page, 'learn-text');
    for (const x of [c.detour, c.recovered, c.remaining]) expect(body).toContain(x.toFixed(2));
    expect(body).toMatch(/transitions/);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-optimality-8room.png') });
  });

  test('"why not optimal" on the walkthrough\'s own query: optimal, said so, and why it need not be', async () => {
    const s = await openOptimality('');
    await checkCosts(s, teachMapText());
    const c = s.costs!;
    expect(c.smoothed).toBeCloseTo(c.optimal, 9);
    expect(c.detour).toBeGreaterThan(0); // the refined path was longer: smoothing won it all back
    expect(await text(page, 'learn-title')).toMatch(/answer is optimal here/);
    expect(await text(page, 'learn-text')).toMatch(/It need not be: .*transitions.*cluster borders/);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-optimality-teach40.png') });
  });
});
