// Terrain costs in the demo, in headless Chromium: a danger zone painted across the straight line
// between the start and the goal bends the path around it (A*'s reference beside it, never costlier),
// the legend explains the tints, clearing the cost straightens the path again; swamp's multiplier
// changes the path's cost and goes into the permalink; SHPA* follows the weighted grid too; the crowd's
// pool takes cost edits and a new multiplier.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { ARTIFACTS, countPixels, openDemo, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const demo = (p: Page) => p.evaluate(() => {
  const d = window.__hpastarDemo;
  return { lastPath: d.lastPath, optimalCost: d.optimalCost, edits: d.edits, pathCells: d.pathCells(), terrainCosts: d.terrainCosts };
});

/** Drags the Rect tool from cell a to cell b. */
async function dragRect(p: Page, a: [number, number], b: [number, number]): Promise<void> {
  await p.check('[data-testid=tool-rect]');
  const from = await p.evaluate(([x, y]) => window.__hpastarDemo.cellToClient(x!, y!), a);
  const to = await p.evaluate(([x, y]) => window.__hpastarDemo.cellToClient(x!, y!), b);
  await p.mouse.move(from.clientX, from.clientY);
  await p.mouse.down();
  await p.mouse.move(to.clientX, to.clientY, { steps: 5 });
  await p.mouse.up();
}

// The zone: columns 28..35, rows 10..54 of a 64 × 64 empty map; start and goal on row 32 either side.
const ZONE = { x0: 28, x1: 35, y0: 10, y1: 54 };
const inZone = (x: number, y: number) => x >= ZONE.x0 && x <= ZONE.x1 && y >= ZONE.y0 && y <= ZONE.y1;
const DANGER = 255 / 16;

test('a danger zone bends the path around it; A* is beside it; clearing the cost straightens it', async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, '?gen=empty-64x64-f0-s1&algo=hpa2&s=5,32&g=58,32');
  const straight = await demo(page);
  expect(straight.lastPath!.found).toBe(true);
  expect(straight.optimalCost).toBeCloseTo(53, 9); // HPA* itself may be a few percent longer

  await expect.poll(() => page.isVisible('[data-testid=cost-legend]')).toBe(true);
  const legend = await page.textContent('[data-testid=cost-legend]');
  expect(legend).toContain('16×');
  expect(legend).toContain('√2 × the mean of the four cells');

  // Picking a cost to paint takes the brush; the rectangle paints the zone with it.
  await page.check('[data-testid=paint-danger]');
  expect(await page.isChecked('[data-testid=tool-brush]')).toBe(true);
  const tintedBefore = await countPixels(page, [0xa5, 0x0f, 0x15]);
  await dragRect(page, [ZONE.x0, ZONE.y0], [ZONE.x1, ZONE.y1]);
  const zoneCells = (ZONE.x1 - ZONE.x0 + 1) * (ZONE.y1 - ZONE.y0 + 1);
  const around = await demo(page);
  expect(around.edits.cells).toBe(zoneCells);
  expect(around.edits.clustersRebuilt.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__hpastarDemo.cellCost(30, 30))).toBeCloseTo(DANGER, 9);
  // The zone is drawn in the danger tint (once the flash of the rebuilt clusters has faded).
  await page.waitForTimeout(1200);
  expect((await countPixels(page, [0xa5, 0x0f, 0x15])) - tintedBefore).toBeGreaterThan(zoneCells);

  // The path goes around: no cell in the zone, and cheaper than 7 steps inside it (any crossing of its
  // 8 columns makes at least 7), dearer than the straight line.
  const path = around.lastPath!;
  expect(path.found).toBe(true);
  const cells = around.pathCells;
  expect(cells.length).toBeGreaterThan(0);
  for (let k = 0; k < cells.length; k += 2) expect(inZone(cells[k]!, cells[k + 1]!), `cell (${cells[k]}, ${cells[k + 1]})`).toBe(false);
  expect(path.cost).toBeGreaterThan(53);
  expect(path.cost).toBeLessThan(7 * DANGER);
  // A*'s reference on the weighted grid, shown beside HPA*'s, is never costlier.
  expect(around.optimalCost).not.toBeNull();
  expect(around.optimalCost!).toBeLessThanOrEqual(path.cost + 1e-9);
  expect(await page.textContent('[data-testid=n-cost]')).toBe(path.cost.toFixed(4));
  expect(await page.textContent('#n-optimal')).toBe(around.optimalCost!.toFixed(4));
  expect(await page.textContent('[data-testid=n-subopt]')).toMatch(/^\d+\.\d\d %$/);
  await page.screenshot({ path: join(ARTIFACTS, 'costs-danger.png') });

  // The HUD names a cell's cost.
  const p = await page.evaluate(() => window.__hpastarDemo.cellToClient(30, 30));
  await page.mouse.move(p.clientX, p.clientY);
  expect(await page.textContent('#hud-cell')).toBe('(30, 30) passable, costs 15.938×');

  // Clearing the cost: straight again.
  await page.check('[data-testid=paint-clear]');
  await dragRect(page, [ZONE.x0, ZONE.y0], [ZONE.x1, ZONE.y1]);
  const cleared = await demo(page);
  expect(cleared.optimalCost).toBeCloseTo(53, 9);
  expect(cleared.lastPath!.cost).toBeLessThan(53 * 1.1);

  // A road (0.5×) along the straight line makes it cheaper than plain ground.
  await page.check('[data-testid=paint-road]');
  await dragRect(page, [4, 31], [59, 33]);
  const road = await demo(page);
  expect(road.optimalCost).toBeCloseTo(53 / 2, 9);
  expect(road.lastPath!.cost).toBeGreaterThanOrEqual(road.optimalCost! - 1e-9);
  expect(road.lastPath!.cost).toBeLessThan(53);
});

test("swamp's multiplier changes the path's cost and the permalink; SHPA* follows it too", async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, '?gen=empty-64x64-f0-s1&algo=hpa1&s=5,32&g=58,32');
  // A band of swamp across the whole map: there is no way around it.
  await page.check('[data-testid=paint-swamp]');
  await dragRect(page, [ZONE.x0, 0], [ZONE.x1, 63]);
  expect((await demo(page)).optimalCost).toBeCloseTo(53, 9); // swamp costs 1 by default
  await page.fill('[data-testid=cost-swamp]', '5');
  await page.dispatchEvent('[data-testid=cost-swamp]', 'change');
  const weighted = await demo(page);
  expect(weighted.terrainCosts).toEqual({ '.': 1, S: 5 });
  // 8 swamp columns: 7 steps inside at 5, two steps in and out at 3, 44 on ground.
  expect(weighted.optimalCost).toBeCloseTo(44 + 2 * 3 + 7 * 5, 9);
  expect(weighted.lastPath!.cost).toBeGreaterThanOrEqual(weighted.optimalCost! - 1e-9);
  expect(weighted.lastPath!.cost).toBeLessThan(weighted.optimalCost! * 1.1);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('swamp') === '5');

  // The permalink brings the multiplier back (edits are not in the link: the band is gone).
  await page.goto(page.url());
  await page.waitForFunction(() => window.__hpastarDemo?.ready === true);
  expect(await page.inputValue('[data-testid=cost-swamp]')).toBe('5');
  expect((await demo(page)).terrainCosts).toEqual({ '.': 1, S: 5 });

  // SHPA* on the weighted grid: a path, never cheaper than A*'s; then HPA* plans again.
  await page.check('[data-testid=paint-swamp]');
  await dragRect(page, [ZONE.x0, 0], [ZONE.x1, 63]);
  await page.selectOption('[data-testid=algo]', 'shpa');
  await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'shpa' && window.__hpastarDemo.lastPath.found);
  const shpa = await demo(page);
  expect(shpa.lastPath!.cost).toBeGreaterThanOrEqual(85 - 1e-9);
  await page.selectOption('[data-testid=algo]', 'hpa1');
  await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'hpa1' && window.__hpastarDemo.lastPath.found);
  // The compare view on the weighted grid: every algorithm's cost against A*'s.
  await page.click('[data-testid=tab-compare]');
  await page.click('[data-testid=compare-query]');
  await page.waitForFunction(() => window.__hpastarDemo.compare?.kind === 'query' && !window.__hpastarDemo.compare.running && window.__hpastarDemo.compare.queryRows.length > 0, null, { timeout: 60_000 });
  const rows = await page.evaluate(() => window.__hpastarDemo.compare!.queryRows);
  expect(rows[0]!.cost).toBeCloseTo(85, 9); // A*
  for (const row of rows.slice(1)) {
    expect(row.error, row.algo).toBeFalsy();
    expect(row.cost, row.algo).toBeGreaterThanOrEqual(85 - 1e-9);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'costs-swamp.png') });
});

test("the crowd's pool takes painted costs and a new multiplier", async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, '?gen=rooms-128x128-f31-s1&algo=hpa2&mode=crowd&agents=100');
  await page.waitForFunction(() => window.__hpastarDemo.crowd?.running === true && window.__hpastarDemo.crowd.totalPlans >= 100, null, { timeout: 60_000 });
  await page.check('[data-testid=paint-danger]');
  await dragRect(page, [20, 20], [100, 60]);
  await page.waitForFunction(() => window.__hpastarDemo.crowd!.lastUpdateMs > 0);
  const before = await page.evaluate(() => window.__hpastarDemo.crowd!);
  await page.check('[data-testid=paint-swamp]');
  await dragRect(page, [20, 70], [100, 100]);
  await page.fill('[data-testid=cost-swamp]', '4');
  await page.dispatchEvent('[data-testid=cost-swamp]', 'change');
  await page.waitForTimeout(1500);
  const after = await page.evaluate(() => window.__hpastarDemo.crowd!);
  expect(after.running).toBe(true);
  expect(after.totalPoolSearches).toBeGreaterThan(before.totalPoolSearches);
  await page.screenshot({ path: join(ARTIFACTS, 'costs-crowd.png') });
});
