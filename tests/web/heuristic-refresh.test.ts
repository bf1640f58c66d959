// Landmarks and the distance table across terrain changes, through the TypeScript API: an update that
// alters the top level's graph leaves them stale (valid paths meanwhile), refreshHeuristics brings them
// back a slice at a time, and pool workers refresh their own between jobs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type BuildProgress, type Grid, type HeuristicRefreshProgress, type HPAStar, type Hpastar, type Point, type TerrainEdit } from '../../web/lib/index';
import { randomPairs } from './helpers/queries';
import { parseMap, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

let hp: Hpastar;
let map: MapText;
let walled: MapText;
let queries: [Point, Point][];
// The configuration for maps that rarely change: DHPA*, 25×25 clusters, landmarks and the distance table.
const fastStatic = { clusterSize: 25, cacheTrees: true, landmarks: 16, distanceTable: true } as const;
// A wall across den520d's middle rows: it changes entrances, so the top level's graph.
const wall: TerrainEdit[] = [];

beforeAll(async () => {
  hp = await loadHpastar();
  map = parseMap(readMapsFile('den520d.map'));
  queries = randomPairs(map, 120, 31);
  for (let x = 40; x < 200; x++) wall.push({ x, y: 120, terrain: '@' });
  const rows = [...map.rows];
  rows[120] = rows[120]!.slice(0, 40) + '@'.repeat(160) + rows[120]!.slice(200);
  walled = { ...map, rows };
});

function freshGrid(): Grid {
  return hp.Grid.fromMovingAI(readMapsFile('den520d.map'), 'den520d.map');
}

// Every path found is legal on the walled map, its cost recomputed (validatePath throws otherwise).
function expectValidPaths(planner: HPAStar): void {
  for (const [s, t] of queries) {
    const r = planner.findPath(s, t);
    if (r.found) validatePath(walled, r.cells, s, t, r.cost);
  }
}

describe('HPAStar.refreshHeuristics', () => {
  let g: Grid;
  beforeAll(() => {
    g = freshGrid();
  });
  afterAll(() => g.dispose());

  test('a wall leaves the tables stale, paths stay valid, and slices refresh them to a fresh build\'s answers', () => {
    using planner = hp.HPAStar.build(g, fastStatic);
    expect(planner.heuristicsStale).toBe(false);
    expect(planner.refreshHeuristics()).toEqual({ done: true, stepsDone: 0, stepsTotal: 0 });
    const update = planner.applyEdits(wall);
    expect(update.topGraphChanged).toBe(true);
    expect(planner.heuristicsStale).toBe(true);
    using edited = freshGrid();
    edited.applyEdits(wall);
    expectValidPaths(planner);

    const first = planner.refreshHeuristics({ budgetMs: 0 });
    expect(first.done).toBe(false);
    expect(first.stepsDone).toBe(1);
    expect(first.stepsTotal).toBe(16 + planner.stats.levels[0]!.nodes);
    let calls = 1;
    let progress = first;
    while (!progress.done) {
      progress = planner.refreshHeuristics({ budgetMs: 0 });
      calls++;
    }
    expect(calls).toBe(first.stepsTotal);
    expect(planner.heuristicsStale).toBe(false);

    using fresh = hp.HPAStar.build(edited, fastStatic);
    for (const [s, t] of queries) {
      const a = planner.findPath(s, t, { smooth: false });
      const b = fresh.findPath(s, t, { smooth: false });
      expect(a.status).toBe(b.status);
      if (a.found) expect(a.cost).toBeCloseTo(b.cost, 3);
    }
  });

  test('an update that leaves the top graph as it was keeps the tables exact', () => {
    using planner = hp.HPAStar.build(g, fastStatic);
    // A cell in the middle of an open area: its cluster's entrances and distances between them stay.
    let kept = 0;
    for (let i = 0; i < 40 && kept === 0; i++) {
      const [p] = randomPairs(map, 1, 100 + i)[0]!;
      const update = planner.applyEdits([{ x: p.x, y: p.y, terrain: '@' }]);
      if (!update.topGraphChanged) {
        kept++;
        expect(planner.heuristicsStale).toBe(false);
      } else {
        planner.refreshHeuristics({ budgetMs: 1e6 });
      }
    }
    expect(kept).toBe(1);
  });

  test('another change of the top graph restarts a refresh in progress', () => {
    using planner = hp.HPAStar.build(g, fastStatic);
    planner.applyEdits(wall);
    for (let i = 0; i < 5; i++) planner.refreshHeuristics({ budgetMs: 0 });
    expect(planner.refreshHeuristics({ budgetMs: 0 }).stepsDone).toBe(6);
    expect(planner.applyEdits(wall.map((e) => ({ ...e, y: 60 }))).topGraphChanged).toBe(true);
    expect(planner.refreshHeuristics({ budgetMs: 0 }).stepsDone).toBe(1);
    expect(planner.refreshHeuristics({ budgetMs: 1e6 }).done).toBe(true);
    expect(planner.heuristicsStale).toBe(false);
  });

  test('a planner without landmarks or a table is never stale', () => {
    using planner = hp.HPAStar.build(g, { clusterSize: 16, landmarks: 0 });
    expect(planner.applyEdits(wall).topGraphChanged).toBe(true);
    expect(planner.heuristicsStale).toBe(false);
    expect(planner.refreshHeuristics().done).toBe(true);
  });

  test("onProgress hears the refresh as a build's last phases, about every percent, 1 once at the end; the tables are a fresh build's", () => {
    using planner = hp.HPAStar.build(g, fastStatic);
    planner.applyEdits(wall);
    const heard: BuildProgress[] = [];
    const progress = planner.refreshHeuristics({ budgetMs: 1e6, onProgress: (p) => void heard.push(p) });
    expect(progress.done).toBe(true);
    expect(planner.heuristicsStale).toBe(false);
    expect(heard.length).toBeGreaterThanOrEqual(10);
    expect(heard.length).toBeLessThan(150);
    expect(heard[0]!.phase).toBe('landmarks');
    expect(heard.at(-1)).toEqual({ phase: 'distance table', done: 1 });
    expect(heard.filter((p) => p.done === 1)).toHaveLength(1);
    const firstTable = heard.findIndex((p) => p.phase === 'distance table');
    expect(firstTable).toBeGreaterThan(0);
    expect(heard.slice(firstTable).every((p) => p.phase === 'distance table')).toBe(true);
    heard.forEach((p, i) => i > 0 && expect(p.done).toBeGreaterThanOrEqual(heard[i - 1]!.done));
    using edited = freshGrid();
    edited.applyEdits(wall);
    using fresh = hp.HPAStar.build(edited, fastStatic);
    for (const [s, t] of queries.slice(0, 40)) expect(planner.findPath(s, t, { smooth: false }).cost).toBeCloseTo(fresh.findPath(s, t, { smooth: false }).cost, 3);
  });

  test('onProgress returning false cancels the refresh with an AbortError: the stale tables stay in use (valid paths), and the next call goes on where it stopped', () => {
    using planner = hp.HPAStar.build(g, fastStatic);
    planner.applyEdits(wall);
    let stoppedAt = 0;
    const cancel = () =>
      planner.refreshHeuristics({
        budgetMs: 1e6,
        onProgress: (p) => {
          stoppedAt = p.done;
          return p.phase !== 'distance table';
        },
      });
    expect(cancel).toThrow(expect.objectContaining({ name: 'AbortError', message: 'HPAStar.refreshHeuristics: cancelled by onProgress' }));
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(1);
    expect(planner.heuristicsStale).toBe(true);
    expectValidPaths(planner);
    const next = planner.refreshHeuristics({ budgetMs: 0 });
    expect(next.stepsDone / next.stepsTotal).toBeGreaterThan(stoppedAt);
    expect(planner.refreshHeuristics({ budgetMs: 1e6 }).done).toBe(true);
    expect(planner.heuristicsStale).toBe(false);
  });

  test('a budget that is not a number from 0 to 1e9 is refused', () => {
    using planner = hp.HPAStar.build(g, fastStatic);
    expect(() => planner.refreshHeuristics({ budgetMs: -1 })).toThrow(RangeError);
    expect(() => planner.refreshHeuristics({ budgetMs: Number.NaN })).toThrow('HPAStar.refreshHeuristics: budgetMs must be a number from 0 to 1e9, got NaN');
    expect(() => planner.refreshHeuristics({ budgetMs: '4' as unknown as number })).toThrow(RangeError);
    expect(() => planner.refreshHeuristics({ budget: 4 } as never)).toThrow(new TypeError('HPAStar.refreshHeuristics: unknown option "budget" (known: budgetMs, onProgress)'));
    expect(() => planner.refreshHeuristics({ onProgress: 1 } as never)).toThrow(new TypeError('HPAStar.refreshHeuristics: onProgress must be a function, got 1'));
  });
});

describe('pool workers refresh their tables between jobs', () => {
  test.each(['copied', 'shared'] as const)('in %s mode, answers are valid at once and reach a fresh build\'s after the refresh', async (mode) => {
    using g = freshGrid();
    const pool = await createPathPool({ grid: g, hierarchy: fastStatic, workers: 2, mode });
    try {
      expect((await pool.updateTerrain(wall)).version).toBe(1);
      using edited = freshGrid();
      edited.applyEdits(wall);
      const first = await pool.findPaths(queries);
      for (let i = 0; i < queries.length; i++) {
        const [s, t] = queries[i]!;
        if (first.found(i)) validatePath(walled, first.path(i), s, t, first.cost[i]!);
      }
      // The workers refresh in 2 ms slices between jobs: poll until every answer is a fresh build's.
      using fresh = hp.HPAStar.build(edited, fastStatic);
      const expected = fresh.findPaths(queries);
      let same = false;
      for (let round = 0; round < 300 && !same; round++) {
        const batch = await pool.findPaths(queries);
        same = queries.every(
          (_, i) => batch.status[i] === expected.status[i] && (!batch.found(i) || Math.abs(batch.cost[i]! - expected.cost[i]!) < 1e-3),
        );
        if (!same) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(same).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe("a pool's onRefreshProgress hears the workers' background refresh", () => {
  test.each(['copied', 'shared'] as const)('in %s mode: the version, phases in order, the share never going back, 1 once when every worker is fresh', async (mode) => {
    using g = freshGrid();
    const heard: HeuristicRefreshProgress[] = [];
    let finished = () => {};
    const fresh = new Promise<void>((resolve) => (finished = resolve));
    await using pool = await createPathPool({
      grid: g, hierarchy: fastStatic, workers: 2, mode,
      onRefreshProgress: (p) => {
        heard.push(p);
        if (p.done === 1) finished();
      },
    });
    expect((await pool.updateTerrain(wall)).version).toBe(1);
    await Promise.race([fresh, new Promise((_, reject) => setTimeout(() => reject(new Error(`no end of the refresh: heard ${JSON.stringify(heard.slice(-3))}`)), 30_000))]);
    console.log(`pool (${mode}, 2 workers) refresh of den520d after a wall: ${heard.length} reports`);
    expect(heard.length).toBeGreaterThanOrEqual(10);
    let phase = 0;
    heard.forEach((p, i) => {
      expect(Object.isFrozen(p)).toBe(true);
      expect(p.version).toBe(1);
      const at = ['landmarks', 'distance table'].indexOf(p.phase);
      expect(at, `report ${i}: phase ${p.phase} out of order`).toBeGreaterThanOrEqual(phase);
      phase = at;
      if (i > 0) expect(p.done).toBeGreaterThan(heard[i - 1]!.done);
    });
    expect(heard.some((p) => p.phase === 'landmarks')).toBe(true);
    expect(heard.filter((p) => p.done === 1)).toHaveLength(1);
    expect(heard.at(-1)!.done).toBe(1);
    // Once told 1, every worker searches with fresh tables: the answers are a fresh build's at once.
    using edited = freshGrid();
    edited.applyEdits(wall);
    using built = hp.HPAStar.build(edited, fastStatic);
    const expected = built.findPaths(queries);
    const batch = await pool.findPaths(queries);
    queries.forEach((_, i) => {
      expect(batch.status[i], `query ${i}`).toBe(expected.status[i]);
      if (batch.found(i)) expect(batch.cost[i]!, `query ${i}`).toBeCloseTo(expected.cost[i]!, 3);
    });
  }, 60_000);

  test('the option is refused when not a function, with the refresh in the update, or for another planner', async () => {
    using g = freshGrid();
    await expect(createPathPool({ grid: g, workers: 1, onRefreshProgress: 3 as never })).rejects.toThrow(new TypeError('createPathPool: onRefreshProgress must be a function, got 3'));
    await expect(createPathPool({ grid: g, workers: 1, heuristicRefresh: 'with-edits', onRefreshProgress: () => {} })).rejects.toThrow(
      "createPathPool: onRefreshProgress hears the background refresh, and heuristicRefresh is 'with-edits'",
    );
    await expect(createPathPool({ grid: g, algorithm: 'shpa', workers: 1, onRefreshProgress: () => {} } as never)).rejects.toThrow(
      'createPathPool: onRefreshProgress is for HPA* pools',
    );
  });
});

describe("heuristicRefresh 'with-edits': the update itself refreshes the tables", () => {
  test.each(['copied', 'shared'] as const)("in %s mode, the first batch after the update answers as a fresh build, and the option is checked", async (mode) => {
    using g = freshGrid();
    await using pool = await createPathPool({ grid: g, hierarchy: fastStatic, workers: 2, mode, heuristicRefresh: 'with-edits' });
    expect(pool.heuristicRefresh).toBe('with-edits');
    await pool.updateTerrain(wall);
    using edited = freshGrid();
    edited.applyEdits(wall);
    using fresh = hp.HPAStar.build(edited, fastStatic);
    const expected = fresh.findPaths(queries);
    // The update's figures are taken after the refresh: the tables of a fresh build of the walled map
    // (a stale table has other sizes: den520d's wall adds top-level nodes).
    expect(pool.stats.distanceTableNodes).toBe(fresh.stats.distanceTableNodes);
    expect(pool.stats.optionalBytes).toEqual(fresh.stats.optionalBytes);
    // No waiting: every worker refreshed inside the edit job, before any later job of this version.
    const batch = await pool.findPaths(queries);
    queries.forEach(([s, t], i) => {
      expect(batch.status[i], `query ${i}`).toBe(expected.status[i]);
      if (batch.found(i)) {
        expect(batch.cost[i]!, `query ${i}`).toBeCloseTo(expected.cost[i]!, 3);
        validatePath(walled, batch.path(i), s, t, batch.cost[i]!);
      }
    });
  }, 60_000);

  test('the option is refused with a bad value or for another planner', async () => {
    using g = freshGrid();
    await expect(createPathPool({ grid: g, workers: 1, heuristicRefresh: 'sometimes' as never })).rejects.toThrow(
      "createPathPool: heuristicRefresh must be 'background' or 'with-edits', got \"sometimes\"",
    );
    await expect(createPathPool({ grid: g, algorithm: 'shpa', workers: 1, heuristicRefresh: 'with-edits' } as never)).rejects.toThrow(
      'createPathPool: heuristicRefresh is for HPA* pools',
    );
    await using plain = await createPathPool({ grid: g, workers: 1 });
    expect(plain.heuristicRefresh).toBe('background');
  });
});
