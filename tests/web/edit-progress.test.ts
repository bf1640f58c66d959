// Progress of terrain changes that rebuild much of a hierarchy: HPAStar.applyEdits(edits, { onProgress })
// tells the rebuild's phases and share done (never going back, 1 once at the end), for a whole-map rewrite
// (a build afresh) and for an edit of some clusters. Progress only: returning false does not stop the
// edit, an exception thrown by the listener comes back out once the edit is made, and the hierarchy is
// the one an edit without a listener leaves (issue 40 item 2).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type BuildProgress, type Grid, type HPAStar, type Hpastar, type TerrainEdit } from '../../web/lib/index';
import { BUILD_PHASES } from '../../web/lib/generated/contract';
import { readMapsFile } from './scenarios';

const MAP = 'den520d.map';
const OPTIONS = { clusterSize: 16, levels: 3, cacheTrees: true, landmarks: 8, distanceTable: true } as const;
const PHASES: readonly string[] = BUILD_PHASES;

let hp: Hpastar;
let grid: Grid;

beforeAll(async () => {
  hp = await loadHpastar();
  grid = hp.Grid.fromMovingAI(readMapsFile(MAP), MAP);
});

afterAll(() => grid.dispose());

/** Walls on a lattice over the whole map: every cluster changes, so the hierarchy is built afresh. */
function wholeMapRewrite(g: Grid): TerrainEdit[] {
  const edits: TerrainEdit[] = [];
  for (let y = 2; y < g.height; y += 5) for (let x = 3; x < g.width; x += 7) edits.push({ x, y, terrain: '@' });
  return edits;
}

/** A wall across part of one row: a few clusters. */
const someClusters: TerrainEdit[] = Array.from({ length: 160 }, (_, i) => ({ x: 40 + i, y: 120, terrain: '@' }));

/** Fails unless there are at least `atLeast` reports, in phase order, never going back, and 1 comes once, last. */
function expectOrderly(heard: readonly BuildProgress[], phases: readonly string[], atLeast: number): void {
  expect(heard.length).toBeGreaterThanOrEqual(atLeast);
  let phase = 0;
  heard.forEach((p, i) => {
    while (phase < phases.length && phases[phase] !== p.phase) phase++;
    expect(phase, `report ${i}: phase ${p.phase} out of order`).toBeLessThan(phases.length);
    if (i > 0) expect(p.done).toBeGreaterThanOrEqual(heard[i - 1]!.done);
    expect(Object.isFrozen(p)).toBe(true);
  });
  expect(heard.at(-1)!.done).toBe(1);
  expect(heard.filter((p) => p.done === 1)).toHaveLength(1);
}

/** The bytes of a fresh planner of `g` after `edits` without a listener. */
function silentlyEdited(g: Grid, edits: readonly TerrainEdit[]): number[] {
  using planner = hp.HPAStar.build(g, OPTIONS);
  planner.applyEdits(edits);
  return Array.from(planner.serialize());
}

describe('HPAStar.applyEdits with onProgress', () => {
  test("a whole-map rewrite tells a build's phases in order, 1 once at the end; the hierarchy is the one edited without a listener", () => {
    using planner = hp.HPAStar.build(grid, OPTIONS);
    const edits = wholeMapRewrite(grid);
    const heard: BuildProgress[] = [];
    const update = planner.applyEdits(edits, { onProgress: (p) => void heard.push(p) });
    expect(update.clustersRebuilt[0]).toBe(planner.stats.levels[0]!.clusters);
    expectOrderly(heard, PHASES, 10);
    expect(heard.some((p) => p.phase === 'clusters')).toBe(true);
    expect(Array.from(planner.serialize())).toEqual(silentlyEdited(grid, edits));
  });

  test('an edit of some clusters tells clusters, levels, components', () => {
    using planner = hp.HPAStar.build(grid, OPTIONS);
    const heard: BuildProgress[] = [];
    const update = planner.applyEdits(someClusters, { onProgress: (p) => void heard.push(p) });
    expect(update.clustersRebuilt[0]).toBeLessThan(planner.stats.levels[0]!.clusters / 2);
    expectOrderly(heard, ['clusters', 'levels', 'components'], 3);
    expect(heard[0]!.phase).toBe('clusters');
    expect(Array.from(planner.serialize())).toEqual(silentlyEdited(grid, someClusters));
  });

  test("progress only: returning false does not stop the edit; the listener's exception comes out once the edit is made", () => {
    const edits = wholeMapRewrite(grid);
    using planner = hp.HPAStar.build(grid, OPTIONS);
    const heard: BuildProgress[] = [];
    planner.applyEdits(edits, { onProgress: (p) => (heard.push(p), false) as never });
    expect(heard.at(-1)!.done).toBe(1);
    expect(planner.version).toBe(1);
    expect(Array.from(planner.serialize())).toEqual(silentlyEdited(grid, edits));
    const mine = new Error('the progress bar is gone');
    let told = 0;
    expect(() => planner.applyEdits(someClusters, { onProgress: () => { told++; throw mine; } })).toThrow(mine);
    expect(told).toBe(1);
    expect(planner.version).toBe(2);
    expect(planner.terrain()[120 * grid.width + 100]).toBe('@'.charCodeAt(0));
    using both = hp.HPAStar.build(grid, OPTIONS);
    both.applyEdits(edits);
    both.applyEdits(someClusters);
    expect(Array.from(planner.serialize())).toEqual(Array.from(both.serialize()));
  });

  test('a bad control is a TypeError naming it, before anything changes', () => {
    using planner: HPAStar = hp.HPAStar.build(grid, OPTIONS);
    expect(() => planner.applyEdits(someClusters, { onProgress: 3 } as never)).toThrow(new TypeError('HPAStar.applyEdits: onProgress must be a function, got 3'));
    expect(() => planner.applyEdits(someClusters, { onProgres: () => {} } as never)).toThrow(new TypeError('HPAStar.applyEdits: unknown edit control "onProgres" (known: onProgress)'));
    expect(planner.version).toBe(0);
  });

  test('a 2048² whole-map rewrite reports at least 10 times, in order', { timeout: 120_000 }, () => {
    const rows = readMapsFile('8room_000.map').split('\n').filter((line) => /^[.@TSW]+$/.test(line));
    const tiled = Array.from({ length: rows.length * 4 }, (_, y) => rows[y % rows.length]!.repeat(4));
    using large = hp.Grid.fromMovingAI(`type octile\nheight ${tiled.length}\nwidth ${tiled[0]!.length}\nmap\n${tiled.join('\n')}\n`, 'rooms2048.map');
    using planner = hp.HPAStar.build(large, {});
    const heard: BuildProgress[] = [];
    const started = performance.now();
    planner.applyEdits(wholeMapRewrite(large), { onProgress: (p) => void heard.push(p) });
    console.log(`HPAStar.applyEdits of a 2048² whole-map rewrite: ${heard.length} reports in ${(performance.now() - started).toFixed(0)} ms`);
    expectOrderly(heard, PHASES, 10);
  });
});
