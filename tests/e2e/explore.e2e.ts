// The demo's explore view in headless Chromium: every bundled map loads; two clicks draw a path whose
// cost is the native tool's; overlays change what is drawn; painting walls updates the hierarchy and
// re-plans; generators, .map files and permalinks work; no console errors anywhere.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { ARTIFACTS, useBrowserPerFile, canvasHash, clickCell, countPixels, openDemo, type Browser } from './browser';
import { nativeLengths, nativeToolBuilt, readScenarios, root } from './native';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const demo = (p: Page) => p.evaluate(() => {
  const d = window.__hpastarDemo;
  return { ready: d.ready, map: d.map, width: d.width, height: d.height, algo: d.algo, lastPath: d.lastPath, optimalCost: d.optimalCost, edits: d.edits, hierarchyCheck: d.hierarchyCheck, overlays: d.overlays, searchSets: d.searchSets };
});

/** One stroke of the current tool from cell (x0, y0) to cell (x1, y1), the mouse moved in `steps`. */
async function strokeCells(p: Page, x0: number, y0: number, x1: number, y1: number, steps: number): Promise<void> {
  const at = (x: number, y: number) => p.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx!, cy!), [x, y]);
  const a = await at(x0, y0), b = await at(x1, y1);
  await p.mouse.move(a.clientX, a.clientY);
  await p.mouse.down();
  await p.mouse.move(b.clientX, b.clientY, { steps });
  await p.mouse.up();
}

const bundledMaps = readdirSync(join(root, 'maps')).filter((f) => f.endsWith('.map')).sort();

describe('maps', () => {
  test('every bundled map loads and is drawn', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=arena.map');
    const options = await page.$$eval('#map-picker option', (o) => o.map((e) => (e as HTMLOptionElement).value));
    expect(options.filter((v) => v)).toEqual(bundledMaps);
    for (const name of bundledMaps) {
      await page.selectOption('#map-picker', name);
      await page.waitForFunction((n) => window.__hpastarDemo.ready && window.__hpastarDemo.map === n, name, { timeout: 30_000 });
      const state = await demo(page);
      expect(state.width * state.height).toBeGreaterThan(0);
      // The graph the overlays draw (exported by the planner) agrees with the planner's own counts.
      expect(state.hierarchyCheck!.nodes[0]).toBe(state.hierarchyCheck!.nodes[1]);
      expect(state.hierarchyCheck!.edges[0]).toBe(state.hierarchyCheck!.edges[1]);
      expect(await countPixels(page)).toBeGreaterThan(10_000);
      await page.screenshot({ path: join(ARTIFACTS, `map-${name}.png`) });
    }
  });

  test('generators, a .map file and drawing your own', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=arena.map');
    for (const [kind, feature] of [['maze', '2'], ['rooms', '15'], ['random', '25']] as const) {
      await page.click('[data-testid=new-map]');
      await page.selectOption('[data-testid=gen-kind]', kind);
      await page.fill('[data-testid=gen-width]', '192');
      await page.fill('[data-testid=gen-height]', '160');
      await page.fill('[data-testid=gen-feature]', feature);
      await page.fill('[data-testid=gen-seed]', '3');
      await page.click('[data-testid=gen-ok]');
      await page.waitForFunction((k) => window.__hpastarDemo.ready && window.__hpastarDemo.map?.startsWith(k), kind);
      const state = await demo(page);
      expect([state.map, state.width, state.height]).toEqual([`${kind}-192x160-f${feature}-s3`, 192, 160]);
      await page.waitForFunction((name) => new URL(location.href).searchParams.get('gen') === name, state.map);
      await page.screenshot({ path: join(ARTIFACTS, `generated-${kind}.png`) });
    }
    // An empty map, drawn on with the rectangle tool, then searched.
    await page.click('[data-testid=new-map]');
    await page.selectOption('[data-testid=gen-kind]', 'empty');
    await page.fill('[data-testid=gen-width]', '64');
    await page.fill('[data-testid=gen-height]', '64');
    await page.click('[data-testid=gen-ok]');
    await page.waitForFunction(() => window.__hpastarDemo.ready && window.__hpastarDemo.map?.startsWith('empty-'));
    await page.check('[data-testid=tool-rect]');
    await strokeCells(page, 30, 2, 33, 60, 5);
    expect((await demo(page)).edits.cells).toBe(4 * 59);
    await page.check('[data-testid=tool-path]');
    await clickCell(page, 10, 30);
    await clickCell(page, 55, 30);
    const drawn = await demo(page);
    expect(drawn.lastPath!.found).toBe(true);
    expect(drawn.lastPath!.cost).toBeCloseTo(drawn.optimalCost!, 9);
    expect(drawn.lastPath!.cost).toBeGreaterThan(60); // around the wall (45 straight through)
    await page.screenshot({ path: join(ARTIFACTS, 'drawn.png') });
    // A .map file from disk.
    await page.setInputFiles('[data-testid=file-input]', join(root, 'maps', 'arena.map'));
    await page.waitForFunction(() => window.__hpastarDemo.ready && window.__hpastarDemo.map === 'arena.map');
    expect(await page.$eval('#map-picker', (s) => (s as HTMLSelectElement).value)).toBe('');
    // A malformed file is refused with the line of the problem, and the map on screen stays.
    await page.setInputFiles('[data-testid=file-input]', { name: 'bad.map', mimeType: 'text/plain', buffer: Buffer.from('type octile\nheight 2\nwidth 2\nmap\n..\n') });
    await page.waitForFunction(() => document.getElementById('message')!.textContent!.includes('bad.map'));
    expect(await page.textContent('[data-testid=message]')).toMatch(/Cannot open bad\.map: bad\.map:\d+/);
    expect((await demo(page)).map).toBe('arena.map');
  });
});

describe('view', () => {
  test('wheel zooms about the cursor, dragging pans, two fingers pinch; the cell under the cursor is shown', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map');
    const at = (x: number, y: number) => page.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx!, cy!), [x, y]);
    const a0 = await at(100, 100);
    const b0 = await at(110, 100);
    await page.mouse.move(a0.clientX, a0.clientY);
    expect(await page.textContent('#hud-cell')).toBe('(100, 100) passable');
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
    await page.waitForFunction(([x]) => Math.abs(window.__hpastarDemo.cellToClient(110, 100).clientX - x!) > 1, [b0.clientX]);
    await page.waitForTimeout(300); // every wheel event handled
    const a1 = await at(100, 100);
    const b1 = await at(110, 100);
    expect(Math.abs(a1.clientX - a0.clientX)).toBeLessThan(3); // the cell under the cursor stays put
    const zoom = (b1.clientX - a1.clientX) / (b0.clientX - a0.clientX);
    expect(zoom).toBeGreaterThan(2);
    // Drag on the map pans it (the path tool pans when the pointer moves before it is released).
    await page.mouse.move(a1.clientX, a1.clientY);
    await page.mouse.down();
    await page.mouse.move(a1.clientX + 120, a1.clientY + 60, { steps: 6 });
    await page.mouse.up();
    const a2 = await at(100, 100);
    expect(a2.clientX - a1.clientX).toBeCloseTo(120, 0);
    expect(a2.clientY - a1.clientY).toBeCloseTo(60, 0);
    expect((await demo(page)).lastPath).toBeNull(); // a pan is not a click
    // Two touch pointers moving apart zoom in.
    const before = await at(120, 120);
    const cellWidth = (await at(121, 120)).clientX - before.clientX;
    await page.evaluate(([x, y]) => {
      const canvas = document.getElementById('map-canvas')!;
      const fire = (type: string, id: number, px: number) =>
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: px, clientY: y!, button: 0, bubbles: true }));
      fire('pointerdown', 11, x! - 20);
      fire('pointerdown', 12, x! + 20);
      for (let i = 1; i <= 5; i++) {
        fire('pointermove', 11, x! - 20 - 10 * i);
        fire('pointermove', 12, x! + 20 + 10 * i);
      }
      fire('pointerup', 11, x! - 70);
      fire('pointerup', 12, x! + 70);
    }, [before.clientX, before.clientY]);
    // The fingers moved from 40 px apart to 140: 3.5 times the zoom.
    const after = (await at(121, 120)).clientX - (await at(120, 120)).clientX;
    expect(after / cellWidth).toBeCloseTo(3.5, 1);
    await page.keyboard.press('f'); // fit again
  });
});

describe('queries', () => {
  test("two clicks draw a path whose cost is the native tool's (A* and HPA*)", async () => {
    page = await browser.page();
    const map = 'den520d.map';
    // Long scenarios: the last buckets of the file.
    const scenarios = readScenarios(map).filter((s) => s.bucket >= 70).filter((_, i) => i % 9 === 0).slice(0, 4);
    expect(scenarios.length).toBe(4);
    const native = nativeToolBuilt();
    const astarLengths = native ? nativeLengths(map, scenarios, 'astar') : scenarios.map((s) => s.optimal);
    const hpaLengths = native ? nativeLengths(map, scenarios, 'hpa', ['--cluster', '10', '--levels', '1']) : null;
    for (const [algo, lengths] of [['astar', astarLengths], ['hpa1', hpaLengths]] as const) {
      if (!lengths) continue;
      await openDemo(page, baseUrl, `?map=${map}&algo=${algo}&cs=10&ew=6&smooth=1&cache=0&prune=1`);
      const before = await canvasHash(page);
      for (const [i, s] of scenarios.entries()) {
        await clickCell(page, s.sx, s.sy);
        await clickCell(page, s.gx, s.gy);
        const state = await demo(page);
        expect(state.lastPath!.found).toBe(true);
        expect(state.lastPath!.algo).toBe(algo);
        // Native lengths are printed with 8 decimals, the scenario file's with 6 significant digits.
        expect(Math.abs(state.lastPath!.cost - lengths[i]!), `${algo} scenario ${i}: ${state.lastPath!.cost} vs ${lengths[i]}`).toBeLessThan(native ? 1e-6 : 1e-4 * lengths[i]!);
        expect(Math.abs(state.optimalCost! - scenarios[i]!.optimal)).toBeLessThan(1e-5 * scenarios[i]!.optimal);
        await page.waitForFunction((g) => new URL(location.href).searchParams.get('g') === g, `${s.gx},${s.gy}`);
      }
      expect(await canvasHash(page)).not.toBe(before);
      // The path is drawn in its colour (Okabe-Ito blue).
      expect(await countPixels(page, [0x00, 0x72, 0xb2])).toBeGreaterThan(300);
      await page.screenshot({ path: join(ARTIFACTS, `path-${algo}.png`) });
    }
    const numbers = await page.textContent('[data-testid=n-subopt]');
    expect(numbers).toMatch(/%$/);
  });

  test('dragging the goal makes the path follow; a permalink restores the view', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa2&s=10,140&g=240,104');
    const first = await demo(page);
    expect(first.lastPath!.found).toBe(true);
    expect(first.lastPath!.waypoints).toBeGreaterThan(2);
    const from = await page.evaluate(() => window.__hpastarDemo.cellToClient(240, 104));
    const to = await page.evaluate(() => window.__hpastarDemo.cellToClient(200, 220));
    await page.mouse.move(from.clientX, from.clientY);
    await page.mouse.down();
    await page.mouse.move(to.clientX, to.clientY, { steps: 12 });
    await page.mouse.up();
    const moved = await demo(page);
    expect(moved.lastPath!.found).toBe(true);
    expect(moved.lastPath!.cost).not.toBe(first.lastPath!.cost);
    await page.waitForFunction(() => {
      const g = window.__hpastarDemo.goal!;
      return new URL(location.href).searchParams.get('g') === `${g.x},${g.y}`;
    });
    const link = page.url();
    const other = await browser.page();
    await openDemo(other, link);
    const restored = await other.evaluate(() => window.__hpastarDemo.lastPath);
    expect(restored!.cost).toBe(moved.lastPath!.cost);
    await other.close();
  });

  test('any-angle: the path is a few corners joined by straight lines, no longer than the grid optimum', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=arena.map&algo=hpa2&aa=1&s=3,3&g=45,40');
    const state = await demo(page);
    expect(state.lastPath!.found).toBe(true);
    expect(state.lastPath!.cells).toBeLessThan(8); // corners, not the ~50 cells of the grid path
    expect(state.lastPath!.cost).toBeLessThanOrEqual(state.optimalCost! + 1e-9);
    expect(await page.isChecked('[data-testid=opt-any-angle]')).toBe(true);
    // Shorter than the grid's optimum: the suboptimality reads negative, and its title says against what.
    await expect.poll(() => page!.textContent('[data-testid=n-subopt]')).toMatch(/^-\d+\.\d\d %$/);
    expect(await page.getAttribute('[data-testid=n-subopt]', 'title')).toBe("any-angle lines against the grid's optimum (A*'s), which they may beat");
    const before = await canvasHash(page);
    await page.uncheck('[data-testid=opt-any-angle]');
    await page.waitForFunction(() => window.__hpastarDemo.lastPath!.cells > 20);
    expect(await canvasHash(page)).not.toBe(before);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('aa') === null);
    await expect.poll(() => page!.textContent('[data-testid=n-subopt]')).toMatch(/^\d+\.\d\d %$/);
    expect(await page.getAttribute('[data-testid=n-subopt]', 'title')).toBe('');
  });

  test('a goal inside a wall: the path goes to the reachable cell nearest it, marked and said', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=arena.map&algo=hpa2');
    await clickCell(page, 10, 10);
    const before = await canvasHash(page);
    // (24, 8) is a tree of the clump at (23..25, 7..9); its one nearest passable cell is (23, 7), √2 away.
    await clickCell(page, 24, 8);
    const state = await demo(page);
    expect(state.lastPath!.found).toBe(true);
    expect(state.lastPath!.reached).toEqual({ x: 23, y: 7 });
    // A*'s reference is the optimum to the same cell.
    expect(state.lastPath!.cost).toBeGreaterThanOrEqual(state.optimalCost! - 1e-9);
    expect(await page.textContent('#message')).toContain('cannot be reached from the start');
    expect(await canvasHash(page)).not.toBe(before);
    // A reachable goal again: no reached cell.
    await clickCell(page, 40, 20, { shift: true });
    expect((await demo(page)).lastPath!.reached).toBeNull();
  });
});

describe('distance table', () => {
  test('the permalink turns it on; the build says so and the path is found', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=dhpa1&cs=16&dt=1&s=10,140&g=240,104');
    expect(await page.isChecked('[data-testid=opt-table]')).toBe(true);
    expect(await page.textContent('[data-testid=build-info]')).toMatch(/Distance table: [\d,]+ nodes/);
    const state = await demo(page);
    expect(state.lastPath!.found).toBe(true);
    await page.click('[data-testid=opt-table]');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('dt'));
    expect(await page.textContent('[data-testid=build-info]')).not.toMatch(/Distance table/);
  });
});

describe('overlays', () => {
  test('each overlay toggle changes the pixels drawn', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa3&cs=8&s=10,140&g=240,104&ov=b1,b2,b3,abstract,refined,path');
    const ids = await page.$$eval('input[data-overlay]', (boxes) => boxes.map((b) => (b as HTMLInputElement).dataset.overlay!));
    expect(ids).toEqual(['b1', 'b2', 'b3', 'nodes', 'graph', 'graph2', 'graph3', 'sclusters', 'sets-sg', 'sets-main', 'sets-refine', 'abstract', 'refined', 'path', 'reference', 'clearance', 'brushfire', 'components']);
    expect(await page.isDisabled('input[data-overlay=sclusters]')).toBe(true); // SHPA* only
    // HAA* only (tests/e2e/haa.e2e.ts toggles them).
    for (const id of ['clearance', 'brushfire']) expect(await page.isDisabled(`input[data-overlay=${id}]`)).toBe(true);
    for (const id of ids.filter((i) => !['sclusters', 'clearance', 'brushfire'].includes(i))) {
      const box = `input[data-overlay=${id}]`;
      expect(await page.isDisabled(box)).toBe(false);
      const before = await canvasHash(page);
      await page.click(box);
      const after = await canvasHash(page);
      expect(after, `toggling ${id}`).not.toBe(before);
      await page.click(box);
      expect(await canvasHash(page), `toggling ${id} back`).toBe(before);
    }
    for (const id of ['nodes', 'graph', 'graph2', 'reference', 'components']) await page.check(`input[data-overlay=${id}]`);
    await page.screenshot({ path: join(ARTIFACTS, 'overlays-all.png') });
    // Zoomed in: transitions, graph edges shaded by cost, start and goal connections.
    const c = await page.evaluate(() => window.__hpastarDemo.cellToClient(30, 136));
    await page.mouse.move(c.clientX, c.clientY);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -240);
    await page.uncheck('input[data-overlay=components]');
    await page.screenshot({ path: join(ARTIFACTS, 'overlays-zoomed.png') });
    // A* has no hierarchy: its hierarchical overlays are disabled.
    await page.selectOption('[data-testid=algo]', 'astar');
    await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'astar');
    for (const id of ['b1', 'nodes', 'graph', 'graph2', 'abstract', 'refined', 'sets-sg', 'sets-refine']) expect(await page.isDisabled(`input[data-overlay=${id}]`)).toBe(true);
  });

  test('open and closed sets per phase: each toggle changes the pixels, and the counts are the path stats', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa2&cs=10&s=10,140&g=240,104&ov=path');
    for (const id of ['sets-sg', 'sets-main', 'sets-refine']) {
      const before = await canvasHash(page);
      await page.check(`input[data-overlay=${id}]`);
      expect(await canvasHash(page), `showing ${id}`).not.toBe(before);
    }
    const state = await demo(page);
    const closedIn = (phase: string) => state.searchSets!.filter((s) => s.phase === phase).reduce((n, s) => n + s.closed, 0);
    expect(closedIn('insertion')).toBe(state.lastPath!.expanded.sg);
    expect(closedIn('abstract')).toBe(state.lastPath!.expanded.main);
    expect(closedIn('refinement')).toBe(state.lastPath!.expanded.refine);
    // The phase colours are on screen: insertion sky blue, refinement orange (cells drawn half-transparent over the terrain).
    await page.screenshot({ path: join(ARTIFACTS, 'search-sets-hpa2.png') });
    const before = await canvasHash(page);
    await page.uncheck('input[data-overlay=sets-refine]');
    expect(await canvasHash(page)).not.toBe(before);
    // A*: its one search, as many closed cells as it expanded.
    await page.selectOption('[data-testid=algo]', 'astar');
    await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'astar');
    await page.evaluate(() => window.__hpastarDemo.redraw());
    await page.waitForFunction(() => window.__hpastarDemo.searchSets?.[0]?.phase === 'astar');
    const astar = await demo(page);
    expect(astar.searchSets!.length).toBe(1);
    expect(astar.searchSets![0]!.closed).toBe(astar.lastPath!.expanded.main);
    await page.screenshot({ path: join(ARTIFACTS, 'search-sets-astar.png') });
    const withSets = await canvasHash(page);
    await page.uncheck('input[data-overlay=sets-main]');
    expect(await canvasHash(page)).not.toBe(withSets);
  });

  test('upper-level graphs and SHPA* clusters change the pixels drawn', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa3&cs=8&ov=b1');
    for (const id of ['graph2', 'graph3']) {
      const before = await canvasHash(page);
      await page.check(`input[data-overlay=${id}]`);
      expect(await canvasHash(page), `showing ${id}`).not.toBe(before);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'graph-upper-levels.png') });
    await page.selectOption('[data-testid=algo]', 'shpa');
    await page.waitForFunction(() => window.__hpastarDemo.algo === 'shpa' && window.__hpastarDemo.ready);
    expect(await page.isDisabled('input[data-overlay=sclusters]')).toBe(false);
    const before = await canvasHash(page);
    await page.check('input[data-overlay=sclusters]');
    expect(await canvasHash(page)).not.toBe(before);
    await page.screenshot({ path: join(ARTIFACTS, 'shpa-clusters.png') });
  });
});

describe('live terrain', () => {
  test('painting walls across the path updates the hierarchy, flashes clusters and re-plans', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa2&s=10,140&g=240,104');
    const before = await demo(page);
    await page.check('[data-testid=tool-brush]');
    // A wall across the corridor the path takes, from (60,120) to (60,160).
    const a = await page.evaluate(() => window.__hpastarDemo.cellToClient(60, 118));
    const b = await page.evaluate(() => window.__hpastarDemo.cellToClient(60, 165));
    await page.mouse.move(a.clientX, a.clientY);
    await page.mouse.down();
    await page.mouse.move(b.clientX, b.clientY, { steps: 15 });
    await page.screenshot({ path: join(ARTIFACTS, 'edit-flash.png') });
    await page.mouse.up();
    await page.waitForTimeout(400); // the figures are refreshed once the stroke pauses
    const after = await demo(page);
    expect(after.edits.batches).toBeGreaterThan(1);
    expect(after.edits.clustersRebuilt[0]).toBeGreaterThan(0);
    expect(after.edits.flashed).toBeGreaterThan(0);
    expect(await page.textContent('[data-testid=n-edit]')).toMatch(/cells, .*rebuilt L1: \d+/);
    // The graph drawn is the planner's after the local rebuilds.
    expect(after.hierarchyCheck!.nodes[0]).toBe(after.hierarchyCheck!.nodes[1]);
    expect(after.hierarchyCheck!.edges[0]).toBe(after.hierarchyCheck!.edges[1]);
    // Re-planned around the wall (or found no way through).
    expect(after.lastPath!.cost).not.toBe(before.lastPath!.cost);
    if (after.lastPath!.found) expect(after.lastPath!.cost).toBeGreaterThanOrEqual(after.optimalCost! - 1e-9);
    // The eraser paints ground (trees under the stroke become ground too).
    await page.check('[data-testid=tool-eraser]');
    await page.mouse.move(a.clientX, a.clientY);
    await page.mouse.down();
    await page.mouse.move(b.clientX, b.clientY, { steps: 15 });
    await page.mouse.up();
    await page.screenshot({ path: join(ARTIFACTS, 'edit-erased.png') });
  });

  test("DHPA* on SHPA*'s merged clusters: drawn by their cells, and walls painted rebuild them in place", async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=dhpam&s=10,140&g=240,104');
    expect(await page.isDisabled('input[data-overlay=sclusters]')).toBe(false);
    expect(await page.isDisabled('input[data-overlay=b1]')).toBe(true);
    const before = await demo(page);
    const shown = await canvasHash(page);
    await page.check('input[data-overlay=sclusters]');
    expect(await canvasHash(page)).not.toBe(shown);
    await page.check('[data-testid=tool-brush]');
    await strokeCells(page, 60, 118, 60, 165, 15);
    await page.waitForTimeout(400); // the figures are refreshed once the stroke pauses
    const after = await demo(page);
    expect(after.algo).toBe('dhpam');
    expect(after.edits.batches).toBeGreaterThan(0);
    expect(after.edits.clustersRebuilt[0]).toBeGreaterThan(0);
    expect(after.lastPath!.cost).not.toBe(before.lastPath!.cost);
    if (after.lastPath!.found) expect(after.lastPath!.cost).toBeGreaterThanOrEqual(after.optimalCost! - 1e-9);
    await page.screenshot({ path: join(ARTIFACTS, 'merged-clusters-edited.png') });
  });

  test('a rectangle of walls flashes exactly the clusters the planner rebuilt, on every level', async () => {
    page = await browser.page();
    await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa3&cs=8');
    await page.check('[data-testid=tool-rect]');
    // Across the open corridor of row 140 (the start of the path of the tests above).
    await strokeCells(page, 30, 136, 45, 145, 5);
    const after = await demo(page);
    expect(after.edits.batches).toBe(1);
    expect(after.edits.clustersRebuilt.length).toBe(3);
    for (const n of after.edits.clustersRebuilt) expect(n).toBeGreaterThan(0);
    expect(after.edits.flashed).toBe(after.edits.clustersRebuilt.reduce((sum, n) => sum + n, 0));
  });
});
