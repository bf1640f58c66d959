// HAA* in the demo, in headless Chromium: on an empty map a wall is painted with a one-cell gap on the
// straight line between the start and the goal, and a wide passage far below. HAA*'s size-1 infantry
// goes through the gap, its size-2 tank round by the passage (each path checked for the agent's whole
// square, against Annotated A*'s optimum shown beside it); the clearance overlay shows true clearance and
// the cells Brushfire wrongly shuts; the picker and the permalink keep the agent; the options HAA* does
// not read are hidden under it, and its reference is named Annotated A*.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { ARTIFACTS, openDemo, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

// The wall: columns 30..33, rows 0..55 of a 64 × 64 empty map, open on row 20 (the gap); rows 56..63
// stay open below it. Start and goal on row 20, either side.
const WALL = { x0: 30, x1: 33, y0: 0, y1: 55 };
const GAP_ROW = 20;
const blocked = (x: number, y: number) => x >= WALL.x0 && x <= WALL.x1 && y >= WALL.y0 && y <= WALL.y1 && y !== GAP_ROW;

/** Drags the Rect tool from cell a to cell b (with Shift: ground). */
async function dragRect(p: Page, a: [number, number], b: [number, number], shift = false): Promise<void> {
  await p.check('[data-testid=tool-rect]');
  const from = await p.evaluate(([x, y]) => window.__hpastarDemo.cellToClient(x!, y!), a);
  const to = await p.evaluate(([x, y]) => window.__hpastarDemo.cellToClient(x!, y!), b);
  if (shift) await p.keyboard.down('Shift');
  await p.mouse.move(from.clientX, from.clientY);
  await p.mouse.down();
  await p.mouse.move(to.clientX, to.clientY, { steps: 5 });
  await p.mouse.up();
  if (shift) await p.keyboard.up('Shift');
}

const demo = (p: Page) => p.evaluate(() => {
  const d = window.__hpastarDemo;
  return { lastPath: d.lastPath, optimalCost: d.optimalCost, pathCells: d.pathCells(), settings: d.settings, edits: d.edits, clearance: d.clearance };
});

/**
 * Checks the path for an agent of side `size` (the anchors' squares inside the map and off the wall, 8
 * moves, no corner of the square cut, the cost recomputed); returns the rows where it crosses the wall's columns.
 */
function checkPath(cells: number[], size: number, cost: number, start: [number, number], goal: [number, number]): Set<number> {
  const fits = (x: number, y: number) => {
    if (x < 0 || y < 0 || x + size > 64 || y + size > 64) return false;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) if (blocked(x + dx, y + dy)) return false;
    return true;
  };
  expect([cells[0], cells[1]]).toEqual(start);
  expect([cells.at(-2), cells.at(-1)]).toEqual(goal);
  let length = 0;
  const rows = new Set<number>();
  for (let k = 0; k < cells.length; k += 2) {
    const x = cells[k]!, y = cells[k + 1]!;
    expect(fits(x, y), `anchor (${x}, ${y})`).toBe(true);
    if (x + size - 1 >= WALL.x0 && x <= WALL.x1) rows.add(y);
    if (k === 0) continue;
    const dx = x - cells[k - 2]!, dy = y - cells[k - 1]!;
    expect(Math.max(Math.abs(dx), Math.abs(dy))).toBe(1);
    if (dx !== 0 && dy !== 0) {
      // The squares at (px + dx, py) and (px, py + dy): no corner of the square cut.
      expect(fits(x, y - dy) && fits(x - dx, y), `corner at (${x}, ${y})`).toBe(true);
      length += Math.SQRT2;
    } else length += 1;
  }
  expect(length).toBeCloseTo(cost, 9);
  return rows;
}

test('a size-2 tank and a size-1 infantry take different routes; the clearance overlay shows why', async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, '?gen=empty-64x64-f0-s1&algo=haa&size=1&cap=ground,swamp&s=5,20&g=58,20');
  expect(await page.isVisible('[data-testid=agent-options]')).toBe(true);
  expect(await page.inputValue('[data-testid=algo]')).toBe('haa');
  // HAA* reads the cluster size alone of the hierarchy's options; its reference is Annotated A*.
  expect(await page.isVisible('[data-testid=opt-cluster]')).toBe(true);
  for (const option of ['opt-entrance', 'opt-smooth', 'opt-cache', 'opt-prune', 'opt-landmarks', 'opt-table']) {
    expect(await page.isVisible(`[data-testid=${option}]`), option).toBe(false);
  }
  expect(await page.textContent('[data-testid=reference-number-name]')).toBe('Annotated A*');
  expect(await page.textContent('[data-testid=reference-overlay-name]')).toBe('Annotated A*');

  await page.check('[data-testid=paint-wall]');
  await dragRect(page, [WALL.x0, WALL.y0], [WALL.x1, WALL.y1]);
  await dragRect(page, [WALL.x0, GAP_ROW], [WALL.x1, GAP_ROW], true);
  await page.check('[data-testid=tool-path]');
  const walls = await demo(page);
  expect(walls.edits.cells).toBe(4 * 56 + 4);

  // The infantry: through the one-cell gap, the shortest path for it (Annotated A*'s cost).
  const infantry = await demo(page);
  expect(infantry.lastPath!.found).toBe(true);
  expect(infantry.lastPath!.algo).toBe('haa');
  const infantryRows = checkPath(infantry.pathCells, 1, infantry.lastPath!.cost, [5, 20], [58, 20]);
  expect([...infantryRows]).toEqual([GAP_ROW]);
  expect(infantry.optimalCost).not.toBeNull();
  expect(infantry.lastPath!.cost).toBeGreaterThanOrEqual(infantry.optimalCost! - 1e-9);
  await page.screenshot({ path: join(ARTIFACTS, 'haa-infantry.png') });

  // The tank: the gap is one cell high, its square two: round by the passage below the wall.
  await page.selectOption('[data-testid=opt-agent-size]', '2');
  await expect.poll(async () => (await demo(page)).settings.agentSize).toBe(2);
  const tank = await demo(page);
  expect(tank.lastPath!.found).toBe(true);
  const tankRows = checkPath(tank.pathCells, 2, tank.lastPath!.cost, [5, 20], [58, 20]);
  expect(Math.min(...tankRows)).toBeGreaterThanOrEqual(WALL.y1 + 1);
  expect(tank.lastPath!.cost).toBeGreaterThan(infantry.lastPath!.cost + 30);
  expect(tank.optimalCost).not.toBeNull();
  expect(tank.lastPath!.cost).toBeGreaterThanOrEqual(tank.optimalCost! - 1e-9);
  expect(await page.textContent('[data-testid=path-label]')).toContain('square shaded');

  // True clearance and Brushfire side by side: cells right of the wall (and of the map's lower and right
  // edges' neighbours) where a size-2 square fits but Brushfire, measuring to the nearest wall on any
  // side, says 1.
  await page.check('input[data-overlay=clearance]');
  await page.check('input[data-overlay=brushfire]');
  await expect.poll(async () => (await demo(page)).clearance?.missed ?? 0).toBeGreaterThan(0);
  const overlay = (await demo(page)).clearance!;
  // Size 2 fits at every anchor but those of the last row and column and those whose square meets the
  // wall: columns 29 to 33 (the wall's and the one left of it), rows 0 to 55 (a one-cell gap holds no square).
  expect(overlay.fits).toBe(63 * 63 - 5 * 56);
  await page.screenshot({ path: join(ARTIFACTS, 'haa-tank-clearance.png') });

  // The permalink keeps the agent.
  await expect.poll(() => page.evaluate(() => window.location.search)).toContain('size=2');
  expect(await page.evaluate(() => window.location.search)).toContain('cap=ground,swamp');

  // The agent's pickers and the clearance overlays are HAA*'s alone.
  await page.selectOption('[data-testid=algo]', 'hpa2');
  await expect.poll(() => page.isVisible('[data-testid=agent-options]')).toBe(false);
  expect(await page.isDisabled('input[data-overlay=clearance]')).toBe(true);
  // HPA*'s options come back, and its reference is plain A*.
  for (const option of ['opt-entrance', 'opt-landmarks', 'opt-table']) expect(await page.isVisible(`[data-testid=${option}]`), option).toBe(true);
  expect(await page.textContent('[data-testid=reference-number-name]')).toBe('A*');
  expect(await page.textContent('[data-testid=reference-overlay-name]')).toBe('A*');
});
