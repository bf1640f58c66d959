// The block world page (world.html) in headless Chromium: a generated world from the picker, a start on
// floor 0 and a goal on a higher floor clicked on the floor view (floors switched with the buttons and
// the keys), the path shown crossing floors and checked step by step against the rules
// (tests/web/helpers/worldRules.ts), then a block built on the path (the path goes round it) and dug
// away again (the path comes back); on the way, the same query compared with A*. Screenshots:
// test-results/e2e/world-floor-view.png, world-compare-astar.png, world-any-angle.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import type { WorldPageState } from '../../web/demo/world/worldPage';
import { AIR, SOLID, WorldBlocks } from '../web/helpers/worldRules';
import { ARTIFACTS, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const shown = (p: Page): Promise<WorldPageState> => p.evaluate(() => window.__hpastarWorld!.state());

/** The world as the page has it, for the rules' check. */
async function rulesOf(p: Page): Promise<WorldBlocks> {
  const { width, height, levels, floors } = await p.evaluate(() => {
    const w = window.__hpastarWorld!;
    const { width, height, levels } = w.state();
    return { width, height, levels, floors: Array.from({ length: levels }, (_, z) => w.blocks(z)) };
  });
  return new WorldBlocks(width, height, levels, floors.map((f) => Uint8Array.from(f)));
}

async function clickCell(p: Page, x: number, y: number): Promise<void> {
  const c = await p.evaluate(([cx, cy]) => window.__hpastarWorld!.cellCentre(cx!, cy!), [x, y]);
  await p.mouse.click(c.x, c.y);
}

async function waitIdle(p: Page): Promise<void> {
  await p.waitForFunction(() => window.__hpastarWorld?.ready === true && !window.__hpastarWorld.state().busy, null, { timeout: 30_000 });
}

const levelsOf = (cells: number[]) => new Set(cells.filter((_, i) => i % 3 === 2));

test('floor view: a path clicked across floors, then a block built on it and dug away', async () => {
  page = await browser.page();
  await page.goto(new URL('world.html', baseUrl).href);
  await waitIdle(page);

  // A world from the picker.
  await page.selectOption('[data-testid=world-kind]', 'towers');
  await page.selectOption('[data-testid=world-size]', '64x64x8');
  await page.fill('[data-testid=world-seed]', '3');
  await page.click('[data-testid=world-generate]');
  await page.waitForFunction(() => window.__hpastarWorld!.state().width === 64);
  await waitIdle(page);
  expect(await page.evaluate(() => {
    const { width, height, levels } = window.__hpastarWorld!.state();
    return [width, height, levels];
  })).toEqual([64, 64, 8]);

  // A start on floor 0 and the farthest goal it reaches on the highest floor it reaches.
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
  expect(goal.z).toBeGreaterThan(0);

  await page.keyboard.press('1'); // floor 0
  await page.check('[data-testid=tool-path]');
  await clickCell(page, start.x, start.y);
  // Up to the goal's floor: the first floor by the button, the rest by the key.
  await page.click('[data-testid=floor-up]');
  for (let z = 1; z < goal.z; z++) await page.keyboard.press('e');
  expect((await shown(page)).floor).toBe(goal.z);
  await expect.poll(() => page.textContent('[data-testid=world-floor]')).toBe(String(goal.z));
  await clickCell(page, goal.x, goal.y);

  const first = await shown(page);
  expect(first.start).toEqual(start);
  expect(first.goal).toEqual(goal);
  expect(first.found).toBe(true);
  const rules = await rulesOf(page);
  expect(rules.check(Int32Array.from(first.pathCells), [start.x, start.y, start.z], [goal.x, goal.y, goal.z], first.cost!)).toBe('');
  const floors = levelsOf(first.pathCells);
  expect(floors.size).toBeGreaterThan(1);
  await expect.poll(() => page.textContent('[data-testid=w-floors]')).toContain('→');

  // Compared with A* (the checkbox, then the key): the optimal cost is never above HPA*'s, the rows say
  // how much faster and how much longer, and they are hidden again when the comparison is off.
  expect(first.astar).toBeNull();
  expect(await page.isVisible('[data-testid=w-astar]')).toBe(false);
  await page.check('[data-testid=world-compare]');
  const compared = await shown(page);
  expect(compared.astar?.found).toBe(true);
  expect(compared.astar!.expanded).toBeGreaterThan(0);
  expect(compared.astar!.cost!).toBeLessThanOrEqual(first.cost! + 1e-6);
  expect(compared.pathCells).toEqual(first.pathCells);
  await expect.poll(() => page.textContent('[data-testid=w-against]')).toMatch(/(× faster|timer).*% longer/);
  await expect.poll(() => page.textContent('[data-testid=w-astar]')).toContain('expanded');
  expect(await page.isVisible('[data-testid=w-astar]')).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS, 'world-compare-astar.png') });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // keys go to the page, not the box
  await page.keyboard.press('c');
  expect((await shown(page)).astar).toBeNull();
  await expect.poll(() => page.isVisible('[data-testid=w-astar]')).toBe(false);

  // Any-angle lines (the checkbox, then the key): the same ends, fewer corners than the path had cells,
  // shorter; off again, the path's cells come back.
  await page.check('[data-testid=world-any-angle]');
  const lines = await shown(page);
  expect(lines.found).toBe(true);
  expect(lines.pathCells.slice(0, 3)).toEqual(first.pathCells.slice(0, 3));
  expect(lines.pathCells.slice(-3)).toEqual(first.pathCells.slice(-3));
  expect(lines.pathCells.length).toBeLessThan(first.pathCells.length);
  expect(lines.cost!).toBeLessThan(first.cost!);
  await page.screenshot({ path: join(ARTIFACTS, 'world-any-angle.png') });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Show search's last phase says how the path became lines.
  await page.keyboard.press('s');
  const lastCaption = await page.evaluate(() => window.__hpastarWorld!.teach().steps.at(-1)!.caption);
  expect(lastCaption).toContain(`${lines.pathCells.length / 3} corners joined by straight lines`);
  await page.keyboard.press('s');
  await page.keyboard.press('l');
  expect((await shown(page)).pathCells).toEqual(first.pathCells);
  expect(await page.isChecked('[data-testid=world-any-angle]')).toBe(false);

  // A floor where the path walks a few steps: the screenshot shows its steps there, the faded rest and
  // the marks where it changes floor.
  const n = first.pathCells.length / 3;
  const at = (cells: number[], i: number) => ({ x: cells[3 * i]!, y: cells[3 * i + 1]!, z: cells[3 * i + 2]! });
  // (A step of air, so that digging the block built there gives the world back as it was.)
  const inside = Array.from({ length: n - 2 }, (_, i) => i + 1).filter((i) => {
    const [a, b, c] = [at(first.pathCells, i - 1), at(first.pathCells, i), at(first.pathCells, i + 1)];
    return a.z === b.z && b.z === c.z && rules.block(b.x, b.y, b.z) === AIR;
  });
  const middle = inside.find((i) => at(first.pathCells, i).z > 0) ?? inside[0]!;
  const blockAt = at(first.pathCells, middle);
  await page.keyboard.press(String(blockAt.z + 1));
  expect((await shown(page)).floor).toBe(blockAt.z);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(ARTIFACTS, 'world-floor-view.png') });

  // The floor above, shaded where it is solid over a cell of this one that is not; A turns it off and on.
  const z = blockAt.z;
  const covered: { x: number; y: number }[] = [];
  if (z + 1 < rules.levels) {
    for (let y = 0; y < rules.height; y++) for (let x = 0; x < rules.width; x++) if (rules.block(x, y, z) !== SOLID && rules.block(x, y, z + 1) === SOLID) covered.push({ x, y });
  }
  expect((await shown(page)).shadedAbove).toBe(covered.length);
  // A covered cell of air with no path, mark or glyph drawn near its centre.
  const clear = covered.find((c) => rules.block(c.x, c.y, z) === AIR && !first.pathCells.some((v, i) => i % 3 === 0 && Math.abs(v - c.x) <= 2 && Math.abs(first.pathCells[i + 1]! - c.y) <= 2));
  expect(clear, "a cell of this floor under a solid block, away from the path").toBeDefined();
  if (clear) {
    const pixel = (c: { x: number; y: number }) =>
      page.evaluate(([cx, cy]) => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid=world-canvas]')!;
        const p = window.__hpastarWorld!.cellCentre(cx!, cy!);
        const r = canvas.getBoundingClientRect(), k = canvas.width / r.width;
        return Array.from(canvas.getContext('2d')!.getImageData(Math.floor((p.x - r.left) * k), Math.floor((p.y - r.top) * k), 1, 1).data);
      }, [c.x, c.y]);
    const nextFrame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shadedPixel = await pixel(clear);
    await page.keyboard.press('a');
    await nextFrame();
    expect(await shown(page)).toMatchObject({ showAbove: false, shadedAbove: 0 });
    expect(await pixel(clear)).not.toEqual(shadedPixel);
    await page.keyboard.press('a');
    await nextFrame();
    expect((await shown(page)).shadedAbove).toBe(covered.length);
    expect(await pixel(clear)).toEqual(shadedPixel);
  }

  // Build a solid block on a step of the path on this floor: the path goes round it (or there is none).
  await page.check('[data-testid=tool-build]');
  await page.selectOption('[data-testid=world-block]', 'solid');
  await clickCell(page, blockAt.x, blockAt.y);
  const blocked = await shown(page);
  expect(blocked.version).toBeGreaterThan(first.version);
  expect(blocked.pathCells).not.toEqual(first.pathCells);
  const rulesBlocked = await rulesOf(page);
  expect(rulesBlocked.standing(blockAt.x, blockAt.y, blockAt.z)).toBe(false);
  if (blocked.found) {
    expect(rulesBlocked.check(Int32Array.from(blocked.pathCells), [start.x, start.y, start.z], [goal.x, goal.y, goal.z], blocked.cost!)).toBe('');
    expect(blocked.cost!).toBeGreaterThanOrEqual(first.cost! - 1e-9);
  }
  await expect.poll(() => page.textContent('[data-testid=w-edit]')).toContain('→ solid');

  // Dig it away: the path is as short as before again.
  await page.check('[data-testid=tool-dig]');
  await clickCell(page, blockAt.x, blockAt.y);
  const dug = await shown(page);
  expect(dug.found).toBe(true);
  expect(dug.cost).toBeCloseTo(first.cost!, 9);
  const rulesDug = await rulesOf(page);
  expect(rulesDug.check(Int32Array.from(dug.pathCells), [start.x, start.y, start.z], [goal.x, goal.y, goal.z], dug.cost!)).toBe('');
  expect(levelsOf(dug.pathCells).size).toBeGreaterThan(1);
  await expect.poll(() => page.textContent('[data-testid=w-edit]')).toContain('solid → air');

  // A goal the start cannot reach (a caves world: caves split into parts), compared with A*: A* floods
  // to prove it, HPA*'s labels answer at once.
  await page.selectOption('[data-testid=world-kind]', 'caves');
  await page.click('[data-testid=world-generate]');
  await waitIdle(page);
  const caves = await page.evaluate(() => {
    const w = window.__hpastarWorld!;
    const { width, levels, start } = w.state();
    for (let z = 0; z < levels; z++) {
      const i = w.standing(z).findIndex((on, k) => on === 1 && !w.reachable(start!, { x: k % width, y: Math.floor(k / width), z }));
      if (i >= 0) return { from: start!, cut: { x: i % width, y: Math.floor(i / width), z } };
    }
    return null;
  });
  expect(caves, 'a standing cell the start does not reach (caves, seed 3)').not.toBeNull();
  const { from, cut } = caves!;
  await page.check('[data-testid=tool-path]');
  await page.check('[data-testid=world-compare]');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(String(from.z + 1));
  await clickCell(page, from.x, from.y);
  await page.keyboard.press(String(cut.z + 1));
  await clickCell(page, cut.x, cut.y);
  const apart = await shown(page);
  expect(apart.start).toEqual(from);
  expect(apart.goal).toEqual(cut);
  expect(apart.found).toBe(false);
  expect(apart.astar).toMatchObject({ found: false, cost: null });
  expect(apart.astar!.expanded).toBeGreaterThan(0);
  await expect.poll(() => page.textContent('[data-testid=w-astar]')).toMatch(/no path, proved by flooding [\d,]+ cells/);
  await expect.poll(() => page.textContent('[data-testid=w-against]')).toContain('labels answer without a search');
});

test('a crowd started with Any-angle lines on walks lines between floors to its goals, every agent standing', async () => {
  page = await browser.page();
  await page.goto(new URL('world.html?kind=hills&size=64x64x8&seed=2', baseUrl).href);
  await waitIdle(page);
  await page.check('[data-testid=world-any-angle]');
  await page.fill('[data-testid=world-agents]', '60');
  await page.click('[data-testid=world-crowd]');
  await page.waitForFunction(() => window.__hpastarWorld!.crowd()?.agents === 60, null, { timeout: 60_000 });
  const rules = await rulesOf(page);
  // Each agent's cell (the anchor nearest it on a line) is one an agent stands in, frame after frame,
  // until agents arrive and take new goals.
  for (let look = 0; look < 40; look++) {
    const cells = await page.evaluate(() => window.__hpastarWorld!.agentCells());
    for (let i = 0; i < cells.length; i += 4) expect(rules.standing(cells[i]!, cells[i + 1]!, cells[i + 2]!), `agent at (${cells[i]}, ${cells[i + 1]}, ${cells[i + 2]})`).toBe(true);
    await page.waitForTimeout(100);
  }
  await page.waitForFunction(() => window.__hpastarWorld!.crowd()!.arrivals >= 5, null, { timeout: 60_000 });
  const figures = (await page.evaluate(() => window.__hpastarWorld!.crowd()))!;
  expect(figures.refusedSteps).toBe(0);
  await page.screenshot({ path: join(ARTIFACTS, 'world-crowd-lines.png') });
  await page.click('[data-testid=world-crowd]');
});
