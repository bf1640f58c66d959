// The Learn page's and the Worlds page's defects of issue 36, one test each, in headless Chromium at
// 1280 × 800 unless a test sets another size.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { loadHpastar, type Point } from '../../web/lib/index';
import { traceSearch } from '../../web/lib/inspect';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { measureDominanceGap } from '../../web/demo/learn/haaTradeoff';
import { HAA_CLUSTER, haaMapText, teachMapText } from '../../web/demo/learn/teachMap';
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

  test('HAA*: every transition\'s inter-edge labels inside the map and apart, and the size-2 path said to be drawn through its top-left cell', async () => {
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
    expect(await text(page, 'learn-text')).toMatch(/track of the agent's top-left cell, and it is drawn through that cell/);
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

  /**
   * Opens `search`, then the first step of the phase whose menu label contains `label` by its permalink
   * (step=K, K read from the phase menu), and checks it is that phase's and the page links to it.
   */
  async function openPhaseByPermalink(search: string, label: string, phase: string): Promise<{ state: LearnState; first: string }> {
    await openLearn(search);
    const first = await page.$eval('[data-testid=learn-phase]', (el, l) => [...(el as HTMLSelectElement).options].find((o) => o.text.includes(l))!.value, label);
    await page.close();
    await openLearn(`${search}${search ? '&' : '?'}step=${first}`);
    const state = await learn(page);
    expect(state.error).toBeNull();
    expect(state.step).toBe(Number(first));
    expect(state.phase).toBe(phase);
    expect(await page.getAttribute('[data-testid=learn-permalink]', 'href')).toContain(`step=${first}`);
    return { state, first };
  }

  /** Opens `search`, then its "why not optimal" step by its permalink. */
  async function openOptimality(search: string): Promise<LearnState> {
    const { first } = await openPhaseByPermalink(search, 'why not optimal', 'optimality');
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
  /**
   * The share of the refined path's cells (of `refined`, x, y each) at whose centre, or within three device
   * pixels of it, the HPA* canvas shows the refined path's orange: 1 when it is visible all along.
   */
  async function refinedVisible(p: Page, refined: Int32Array, size: { width: number; height: number }): Promise<number> {
    return p.evaluate(
      async ([cells, w, h, hex]) => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const c = document.getElementById('learn-canvas') as HTMLCanvasElement;
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        const orange = (px: number, py: number) => {
          if (px < 0 || py < 0 || px >= c.width || py >= c.height) return false;
          const i = 4 * (py * c.width + px);
          return Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - g!) + Math.abs(d[i + 2]! - b!) < 40;
        };
        let seen = 0;
        for (let k = 0; k < cells.length; k += 2) {
          const cx = Math.floor(((cells[k]! + 0.5) * c.width) / w), cy = Math.floor(((cells[k + 1]! + 0.5) * c.height) / h);
          let found = false;
          for (let dy = -3; dy <= 3 && !found; dy++) for (let dx = -3; dx <= 3 && !found; dx++) found = orange(cx + dx, cy + dy);
          if (found) seen++;
        }
        return seen / (cells.length / 2);
      },
      [[...refined], size.width, size.height, '#E69F00'] as const,
    );
  }

  test('on a 512 × 512 map the orange refined path shows all along it: at the end of refinement and beside the optimal path', async () => {
    await openLearn('?map=8room_000.map');
    const s = await learn(page);
    expect(s.error).toBeNull();
    const hp = await loadHpastar();
    const grid = hp.Grid.fromMovingAI(readFileSync(new URL('../../maps/8room_000.map', import.meta.url), 'utf8'), '8room_000.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: s.query.cluster, levels: s.query.levels });
    const refined = traceSearch(planner, s.query.start, s.query.goal).refined;
    planner.dispose();
    grid.dispose();
    const starts = await page.$$eval('[data-testid=learn-phase] option', (o) => o.map((e) => ({ label: e.textContent!, first: Number((e as HTMLOptionElement).value) })));
    const first = (label: string) => starts.find((p) => p.label.includes(label))!.first;
    // The last refinement step: every segment refined, over the cells its searches expanded.
    await page.selectOption('[data-testid=learn-phase]', String(first('smoothing')));
    await page.click('[data-testid=learn-prev]');
    expect((await learn(page)).phase).toBe('refinement');
    expect((await learn(page)).shown!.refinedCells).toBe(refined.length / 2);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-refined-8room-refinement.png') });
    expect(await refinedVisible(page, refined, { width: 512, height: 512 })).toBeGreaterThan(0.95);
    // The "why not optimal" step: the refined path under the answer (black) and the optimal path (blue dashed).
    await page.selectOption('[data-testid=learn-phase]', String(first('why not optimal')));
    await page.screenshot({ path: join(ARTIFACTS, 'learn-refined-8room-optimality.png') });
    // Under the black answer it showed at 0.5% of its cells; the ends' markers and the purple dots still cover a few.
    expect(await refinedVisible(page, refined, { width: 512, height: 512 })).toBeGreaterThan(0.9);
  });

  /**
   * Opens the "when A* wins" step of `search` (on the map `mapText`) by its permalink and checks it: a
   * short query, HPA*'s and A*'s expansions the package's own for it, in the step's table, title, text
   * and A*'s caption; then that the next step shows the walkthrough's query again.
   */
  async function checkShortStep(search: string, mapText: string): Promise<LearnState> {
    const { state: s, first } = await openPhaseByPermalink(search, 'when A* wins', 'short');
    console.log(`permalink: learn.html${search}${search ? '&' : '?'}step=${first}`);
    const q = s.short!;
    // A few cells apart, in one cluster or two side by side.
    expect(Math.max(Math.abs(q.goal.x - q.start.x), Math.abs(q.goal.y - q.start.y))).toBeLessThanOrEqual(4);
    const cluster = (p: Point) => ({ x: Math.floor(p.x / s.query.cluster), y: Math.floor(p.y / s.query.cluster) });
    expect(Math.abs(cluster(q.start).x - cluster(q.goal).x) + Math.abs(cluster(q.start).y - cluster(q.goal).y)).toBeLessThanOrEqual(1);
    // The package's own counts for the pair, with the page's options.
    const hp = await loadHpastar();
    const grid = hp.Grid.fromMovingAI(mapText, s.query.map);
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: s.query.cluster, levels: s.query.levels });
    const hpa = planner.findPath(q.start, q.goal);
    const astar = new hp.AStar().findPath(grid, q.start, q.goal);
    planner.dispose();
    grid.dispose();
    const cells = { insertion: hpa.stats.expandedInsertion, abstract: hpa.stats.expandedMain, refinement: hpa.stats.expandedRefinement, hpa: hpa.expanded, astar: astar.expanded };
    expect(q).toMatchObject(cells);
    expect(hpa.expanded).toBeGreaterThan(astar.expanded);
    // Shown side by side in the step's table, and stated in its title, text and A*'s caption.
    expect(await page.isVisible('[data-testid=learn-short-counts]')).toBe(true);
    for (const [id, n] of Object.entries(cells)) expect(await text(page, `learn-short-${id}`), id).toBe(String(n));
    expect(await text(page, 'learn-title')).toBe(`When A* wins: a short query, ${hpa.expanded} expansions against ${astar.expanded}`);
    const body = await text(page, 'learn-text');
    expect(body).toContain(`HPA* expanded ${hpa.expanded} nodes (${hpa.stats.expandedInsertion} to insert the start and the goal`);
    expect(body).toContain(`plain A* expanded ${astar.expanded}`);
    expect(body).toMatch(/joins the start and the goal to the graph.*pays on long queries/);
    expect(await text(page, 'learn-astar-caption')).toContain(`short query: ${astar.expanded} cells expanded`);
    expect(s.shown!.shortPathCells).toBe(hpa.cells.length / 2);
    expect(s.shown!.shortClosed).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const drawn = await learn(page);
    return drawn;
  }

  /** After the short query's step: the walkthrough's own query again, without the short query's table. */
  async function checkStepAfterShort(): Promise<void> {
    await page.keyboard.press('ArrowRight');
    expect((await learn(page)).phase).toBe('result');
    expect(await page.isVisible('[data-testid=learn-short-counts]')).toBe(false);
    expect(await text(page, 'learn-astar-caption')).toContain('same query');
  }

  test('"when A* wins": a short query of the Learn map where HPA* expands more than plain A*, both counts the package\'s, beside each other', async () => {
    const s = await checkShortStep('', teachMapText());
    expect(s.mapWindow).toEqual({ x: 0, y: 0, width: 40, height: 40 }); // cells large enough: the whole map
    await page.screenshot({ path: join(ARTIFACTS, 'learn-short-query.png') });
    await checkStepAfterShort();
  });

  test('"when A* wins" on a 512 × 512 map: the same check, and the map shown around the short query', async () => {
    const s = await checkShortStep('?map=8room_000.map', readFileSync(new URL('../../maps/8room_000.map', import.meta.url), 'utf8'));
    const w = s.mapWindow!, q = s.short!;
    expect(w.width).toBeLessThan(60);
    for (const p of [q.start, q.goal]) {
      expect(p.x).toBeGreaterThanOrEqual(w.x);
      expect(p.x).toBeLessThan(w.x + w.width);
      expect(p.y).toBeGreaterThanOrEqual(w.y);
      expect(p.y).toBeLessThan(w.y + w.height);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'learn-short-query-8room.png') });
    await checkStepAfterShort();
    // The whole map again once the step is drawn (the drawing follows the step by a frame or more under load).
    await expect.poll(async () => (await learn(page)).mapWindow, { timeout: 10_000 }).toEqual({ x: 0, y: 0, width: 512, height: 512 });
  });

  test('DHPA*: the trees\' bytes against the hierarchy without them, and the insertion expansions they save, from the real builds', async () => {
    const { state: s, first } = await openPhaseByPermalink('?algo=dhpa', 'trees\' memory', 'trees');
    console.log(`permalink: learn.html?algo=dhpa&step=${first}`);
    const hp = await loadHpastar();
    const grid = hp.Grid.fromMovingAI(teachMapText(), s.query.map);
    const options = { ...hp.HPAStar.defaultOptions, clusterSize: s.query.cluster, levels: s.query.levels };
    const dhpa = hp.HPAStar.build(grid, { ...options, cacheTrees: true });
    const plain = hp.HPAStar.build(grid, options);
    const want = {
      treeBytes: dhpa.stats.optionalBytes.trees,
      otherBytes: plain.stats.bytes,
      insertionWith: dhpa.findPath(s.query.start, s.query.goal).stats.expandedInsertion,
      insertionWithout: plain.findPath(s.query.start, s.query.goal).stats.expandedInsertion,
    };
    expect(dhpa.stats.bytes - dhpa.stats.optionalBytes.trees).toBe(plain.stats.bytes);
    dhpa.dispose();
    plain.dispose();
    grid.dispose();
    expect(s.treeCost).toEqual(want);
    expect(want.treeBytes).toBeGreaterThan(0);
    expect(want.insertionWithout).toBeGreaterThan(want.insertionWith);
    const body = await text(page, 'learn-text');
    expect(body).toContain(`The stored trees take ${want.treeBytes} bytes`);
    expect(body).toContain(`the ${want.otherBytes} bytes`);
    expect(body).toContain(`insertion expands ${want.insertionWith} nodes, against ${want.insertionWithout} for the same hierarchy without trees`);
    expect(await text(page, 'learn-title')).toContain(`${want.insertionWithout - want.insertionWith} fewer expansions on this query`);
    // The step after DHPA*'s tree, before the abstract search; the tree drawn.
    expect(s.shown!.treeArrows).toBeGreaterThan(50);
    await page.click('[data-testid=learn-prev]');
    expect((await learn(page)).phase).toBe('insertion');
    await page.click('[data-testid=learn-next]');
    await page.click('[data-testid=learn-next]');
    expect((await learn(page)).phase).toBe('abstract');
    await page.click('[data-testid=learn-prev]');
    await page.screenshot({ path: join(ARTIFACTS, 'learn-dhpa-trees.png') });
  });

  test('the purple dots of the transitions on the abstract path have a legend entry of their own, and the refined path one', async () => {
    await openOptimality('');
    const entry = await page.$eval('[data-testid=learn-legend-abstract-transition]', (li) => {
      const swatch = getComputedStyle(li.querySelector('span')!);
      return { text: li.textContent!.trim(), colour: swatch.backgroundColor, round: swatch.borderRadius };
    });
    expect(entry).toEqual({ text: 'transition on the abstract path', colour: 'rgb(204, 121, 167)', round: '50%' });
    expect(await page.textContent('#learn-legend')).toContain('refined path');
    // The step's purple is the dots' alone: no abstract search drawn on it.
    expect(await colourPixels(page, '#CC79A7')).toBeGreaterThan(50);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-legend-transitions.png') });
  });

  test('HAA*: what the abstraction costs, a pair whose hierarchy path is longer than Annotated A*\'s, the package\'s costs and mean gaps', async () => {
    const { state: s, first } = await openPhaseByPermalink('?algo=haa', 'what the abstraction costs', 'dominance');
    console.log(`permalink: learn.html?algo=haa&step=${first}`);
    const g = s.haaGap!;
    const w = g.worst!;
    expect(w, 'a pair the hierarchy lengthens, on the walkthrough\'s map').not.toBeNull();
    // The pair's costs, searched again here with the page's options: the hierarchy's (strong dominance,
    // then weak too) and Annotated A*'s optimal one, for the agent the step names.
    const hp = await loadHpastar();
    const grid = hp.Grid.fromMovingAI(haaMapText(), 'haa10.map');
    const planner = hp.HAAStar.build(grid, { clusterSize: HAA_CLUSTER, maxSize: 3 });
    const low = hp.HAAStar.build(grid, { clusterSize: HAA_CLUSTER, maxSize: 3, abstraction: 'low' });
    const optimal = hp.AnnotatedAStar.build(grid, g.capability, 'true');
    const agent = { size: g.size, capability: g.capability };
    const want = { haa: planner.findPath(w.start, w.goal, agent).cost, optimal: optimal.findPath(w.start, w.goal, g.size).cost, low: low.findPath(w.start, w.goal, agent).cost };
    const again = measureDominanceGap(hp, grid, planner, g.capability);
    for (const x of [planner, low, optimal, grid]) x.dispose();
    expect(w).toMatchObject(want);
    expect(want.haa).toBeGreaterThan(want.optimal + 1e-9);
    expect({ pairs: again.pairs, meanGap: again.meanGap, lowMeanGap: again.lowMeanGap }).toEqual({ pairs: g.pairs, meanGap: g.meanGap, lowMeanGap: g.lowMeanGap });
    expect(g.pairs).toBeGreaterThan(50);
    expect(g.meanGap).toBeGreaterThan(0);
    // Stated in the title and the text, and what dominance keeps and what it throws away said.
    expect(await text(page, 'learn-title')).toBe(`What the abstraction costs: ${want.haa.toFixed(2)} against the optimal ${want.optimal.toFixed(2)}`);
    const body = await text(page, 'learn-text');
    expect(body).toContain(`From (${w.start.x}, ${w.start.y}) to (${w.goal.x}, ${w.goal.y})`);
    expect(body).toContain(`With weak dominance too it costs ${want.low.toFixed(2)}`);
    expect(body).toContain(`${(100 * g.meanGap).toFixed(1)}% longer than the optimal on average`);
    expect(body).toContain(`(abstraction 'low', a smaller graph) ${(100 * g.lowMeanGap!).toFixed(1)}%`);
    expect(body).toMatch(/Strong dominance itself loses nothing.*one transition per entrance.*Weak dominance gives up more/);
    // Both paths drawn, with the pair's ends; the legend names the optimal one.
    expect(s.haa!.gapPathCells).toBeGreaterThan(1);
    expect(s.haa!.gapOptimalCells).toBeGreaterThan(1);
    expect(await page.textContent('#learn-haa-legend')).toContain('optimal path (Annotated A*)');
    expect(await colourPixels(page, '#0072B2')).toBeGreaterThan(20);
    await page.screenshot({ path: join(ARTIFACTS, 'learn-haa-dominance.png') });
  });
});
