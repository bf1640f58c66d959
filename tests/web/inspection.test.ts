// What the package gives a viewer of the algorithms, over the built wasm in Node: the open and closed
// sets of every search of a traced query (per phase, matching the query's own counts), the abstract
// graph of every level, the clusters rebuilt by an edit, SHPA*'s cluster of every cell, and HPA*'s
// clusters, query connections and components (checked against the TypeScript oracles of
// helpers/hierarchyOracle.ts).
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type Hpastar, type TerrainEdit } from '../../web/lib/index';
import { abstractGraph, clusterMap, clusterRects, componentLabels, queryConnections, traceSearch, type TracedPath } from '../../web/lib/inspect';
import { clusterOf, clusterRect, components, layoutOf, level1Connections } from './helpers/hierarchyOracle';
import { randomPairs } from './helpers/queries';
import { parseMap, readMapsFile } from './scenarios';

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

const closedIn = (t: TracedPath, phase: string) => t.searches.filter((s) => s.phase === phase).reduce((n, s) => n + s.closed.length / 2, 0);

const cellSet = (cells: Int32Array) => {
  const out = new Set<string>();
  for (let i = 0; i < cells.length; i += 2) out.add(`${cells[i]},${cells[i + 1]}`);
  return out;
};

describe('traced searches', () => {
  const mapText = readMapsFile('den520d.map');
  const pairs = randomPairs(parseMap(mapText), 25, 41);

  test.each([
    ['HPA*, 1 level', { levels: 1 }],
    ['HPA*, 3 levels', { levels: 3 }],
    ['DHPA*, 2 levels', { levels: 2, cacheTrees: true }],
  ])('%s: the closed counts per phase equal the path stats per phase, and the path is findPath’s', (_, options) => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    using planner = hp.HPAStar.build(grid, options);
    for (const [start, goal] of pairs) {
      const traced = traceSearch(planner, start, goal);
      const plain = planner.findPath(start, goal);
      expect(traced.path).toEqual(plain);
      expect(closedIn(traced, 'insertion')).toBe(plain.stats.expandedInsertion);
      expect(closedIn(traced, 'abstract')).toBe(plain.stats.expandedMain);
      expect(closedIn(traced, 'refinement')).toBe(plain.stats.expandedRefinement);
      for (const s of traced.searches) {
        expect(['insertion', 'abstract', 'refinement']).toContain(s.phase);
        expect(s.level).toBeGreaterThanOrEqual(0);
        expect(s.level).toBeLessThanOrEqual(planner.options.levels);
        if (s.level > 0) continue; // abstract nodes may share a cell (the start on a node's cell)
        const closed = cellSet(s.closed);
        for (let i = 0; i < s.open.length; i += 2) expect(closed.has(`${s.open[i]},${s.open[i + 1]}`)).toBe(false);
      }
    }
  });

  test('A*: one search whose closed set is its expansions, with the start and the goal in it', () => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    using astar = new hp.AStar();
    const [start, goal] = pairs.find(([s, g]) => s.x !== g.x || s.y !== g.y)!;
    const traced = traceSearch(astar, grid, start, goal);
    expect(traced.path).toEqual(astar.findPath(grid, start, goal));
    expect(traced.searches).toHaveLength(1);
    const [only] = traced.searches;
    expect(only!.phase).toBe('astar');
    expect(only!.level).toBe(0);
    expect(only!.closed.length / 2).toBe(traced.path.expanded);
    expect(only!.open.length).toBeGreaterThan(0);
    const closed = cellSet(only!.closed);
    expect(closed.has(`${start.x},${start.y}`)).toBe(true);
    if (traced.path.found) expect(closed.has(`${goal.x},${goal.y}`)).toBe(true);
  });

  test('SHPA*: no insertion, abstract and refinement counts equal the stats', () => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    using planner = hp.SHPAStar.build(grid);
    for (const [start, goal] of pairs.slice(0, 10)) {
      const traced = traceSearch(planner, start, goal);
      expect(traced.path).toEqual(planner.findPath(start, goal));
      expect(closedIn(traced, 'insertion')).toBe(0);
      expect(closedIn(traced, 'abstract')).toBe(traced.path.stats.expandedMain);
      expect(closedIn(traced, 'refinement')).toBe(traced.path.stats.expandedRefinement);
    }
  });

  test('bad input is a clear error, as for findPath', () => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    using planner = hp.HPAStar.build(grid);
    expect(() => traceSearch(planner, { x: -1, y: 0 }, { x: 1, y: 1 })).toThrow('start (-1, 0) is outside the map or blocked');
    expect(() => traceSearch(planner, { x: 1.5, y: 0 }, { x: 1, y: 1 })).toThrow(TypeError);
    expect(() => traceSearch(planner, { x: 1, y: 1 }, { x: 1, y: 1 }, { smoth: true } as never)).toThrow(TypeError);
  });
});

describe('abstract graph', () => {
  test('every level: node counts and edge counts equal the hierarchy stats; edges join nodes of that level', () => {
    using grid = hp.Grid.fromMovingAI(readMapsFile('den520d.map'), 'den520d.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 8, levels: 3 });
    for (const stats of planner.stats.levels) {
      const g = abstractGraph(planner, stats.level);
      expect(g.level).toBe(stats.level);
      expect(g.nodes.length / 2).toBe(stats.nodes);
      expect(g.nodeLevels.length).toBe(stats.nodes);
      expect(g.nodeIds.length).toBe(stats.nodes);
      expect(g.edgeFrom.length).toBe(stats.interEdges + stats.intraEdges);
      expect(g.edgeInter.reduce((n, i) => n + i, 0)).toBe(stats.interEdges);
      for (const l of g.nodeLevels) expect(l).toBeGreaterThanOrEqual(stats.level);
      for (let e = 0; e < g.edgeFrom.length; e++) {
        expect(g.edgeFrom[e]!).toBeLessThan(g.nodeLevels.length);
        expect(g.edgeTo[e]!).toBeLessThan(g.nodeLevels.length);
        const ax = g.nodes[2 * g.edgeFrom[e]!]!, ay = g.nodes[2 * g.edgeFrom[e]! + 1]!;
        const bx = g.nodes[2 * g.edgeTo[e]!]!, by = g.nodes[2 * g.edgeTo[e]! + 1]!;
        // An inter-edge is one straight step; an intra-edge is at least as long as the octile distance.
        const dx = Math.abs(ax - bx), dy = Math.abs(ay - by);
        if (g.edgeInter[e]) expect([dx + dy, g.edgeCost[e]]).toEqual([1, 1]);
        else expect(g.edgeCost[e]!).toBeGreaterThanOrEqual(Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy) - 1e-4);
      }
    }
    expect(() => abstractGraph(planner, 0)).toThrow(new RangeError('abstractGraph: level 0 is not a level of this hierarchy (1 to 3)'));
    expect(() => abstractGraph(planner, 4)).toThrow(RangeError);
    expect(() => abstractGraph(planner, 1.5)).toThrow(new TypeError('abstractGraph: level must be an integer, got 1.5'));
  });
});

describe('rebuilt clusters', () => {
  test('applyEdits names the rebuilt clusters of every level as ids and rectangles covering the edited cells', () => {
    using grid = hp.Grid.fromMovingAI(readMapsFile('den520d.map'), 'den520d.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
    const edits: TerrainEdit[] = [];
    for (let x = 100; x < 112; x++) edits.push({ x, y: 140, terrain: grid.passable(x, 140) ? '@' : '.' });
    const update = planner.applyEdits(edits);
    expect(update.rebuilt.map((r) => r.level)).toEqual([1, 2]);
    update.rebuilt.forEach((r, l) => {
      expect(r.clusters.length).toBe(update.clustersRebuilt[l]);
      expect(r.rects.length).toBe(4 * r.clusters.length);
      const side = 10 * 2 ** l;
      for (const e of edits) {
        const covering = Array.from(r.clusters).findIndex((_, i) => {
          const [x0, y0, x1, y1] = r.rects.subarray(4 * i, 4 * i + 4);
          return e.x >= x0! && e.x < x1! && e.y >= y0! && e.y < y1!;
        });
        expect(covering, `level ${l + 1} cell (${e.x}, ${e.y})`).toBeGreaterThanOrEqual(0);
        const [x0, y0] = r.rects.subarray(4 * covering, 4 * covering + 2);
        expect([x0! % side, y0! % side]).toEqual([0, 0]);
      }
    });
    const nothing = planner.applyEdits([]);
    expect(nothing.rebuilt.map((r) => r.clusters.length)).toEqual([0, 0]);
  });
});

describe('SHPA* clusters', () => {
  test('a cluster per passable cell, -1 per blocked one, ids below the cluster count', () => {
    const text = readMapsFile('arena.map');
    const map = parseMap(text);
    using grid = hp.Grid.fromMovingAI(text, 'arena.map');
    using planner = hp.SHPAStar.build(grid);
    const clusters = clusterMap(planner);
    expect(clusters.length).toBe(map.width * map.height);
    const seen = new Set<number>();
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) {
        const c = clusters[y * map.width + x]!;
        if (grid.passable(x, y)) {
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThan(planner.stats.clusters);
          seen.add(c);
        } else expect(c).toBe(-1);
      }
    }
    expect(seen.size).toBe(planner.stats.clusters);
  });

  test("an HPAStar cut by SHPA*'s merge has SHPAStar's clusters, and keeps them through an edit", () => {
    const text = readMapsFile('den520d.map');
    const map = parseMap(text);
    using grid = hp.Grid.fromMovingAI(text, 'den520d.map');
    using shpa = hp.SHPAStar.build(grid, { initialClusterSize: 4, maxClusterSide: 16 });
    using merged = hp.HPAStar.build(grid, { clusterSize: 4, mergedClusterSide: 16 });
    const a = clusterMap(shpa), b = clusterMap(merged);
    // The same partition of the passable cells (ids may differ): each SHPA* cluster maps to one merged one.
    const pairs = new Map<number, number>();
    for (let i = 0; i < a.length; i++) {
      expect(b[i]! < 0).toBe(a[i]! < 0);
      if (a[i]! < 0) continue;
      expect(b[i]!).toBeLessThan(merged.stats.levels[0]!.clusters);
      if (!pairs.has(a[i]!)) pairs.set(a[i]!, b[i]!);
      expect(pairs.get(a[i]!)).toBe(b[i]);
    }
    expect(new Set(pairs.values()).size).toBe(pairs.size);
    // A wall painted: its cells are blocked now (-1), every other cell keeps its cluster.
    const wall = [0, 1, 2].map((d) => ({ x: 60 + d, y: 130, terrain: '@' }));
    merged.applyEdits(wall);
    const after = clusterMap(merged);
    for (let i = 0; i < after.length; i++) {
      const painted = wall.some((w) => w.y * map.width + w.x === i);
      expect(after[i]).toBe(painted ? -1 : b[i]);
    }
  });
});

describe('HPA* clusters, connections and components', () => {
  const mapText = readMapsFile('den520d.map'); // 256 × 257: the last row of clusters is clipped

  test('clusters(level) are the layout of every level, clipped to the map', () => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    for (const options of [{ clusterSize: 10, levels: 3 }, { clusterSize: 16, levels: 2, clusterGroup: 3 }, { clusterSize: 300, levels: 1, cacheTrees: false }]) {
      using planner = hp.HPAStar.build(grid, options);
      const o = planner.options;
      const layout = layoutOf(grid.width, grid.height, o.clusterSize, o.levels, o.clusterGroup);
      for (let level = 1; level <= o.levels; level++) {
        const c = clusterRects(planner, level);
        const side = layout.sides[level - 1]!;
        expect([c.level, c.side, c.columns, c.rows]).toEqual([level, side, Math.ceil(grid.width / side), Math.ceil(grid.height / side)]);
        expect(c.rects.length / 4).toBe(planner.stats.levels[level - 1]!.clusters);
        const expected = Array.from({ length: c.columns * c.rows }, (_, k) => Object.values(clusterRect(layout, level, k))).flat();
        expect(Array.from(c.rects)).toEqual(expected);
      }
    }
    using planner = hp.HPAStar.build(grid, { levels: 2 });
    expect(() => clusterRects(planner, 3)).toThrow(new RangeError('clusterRects: level 3 is not a level of this hierarchy (1 to 2)'));
    expect(() => clusterRects(planner, 0)).toThrow(RangeError);
    expect(() => clusterRects(planner, 1.5)).toThrow(new TypeError('clusterRects: level must be an integer, got 1.5'));
  });

  test.each([
    ['HPA*', { clusterSize: 10, levels: 3 }],
    ['DHPA*', { clusterSize: 10, levels: 2, cacheTrees: true }],
  ])('%s: connections(start, goal) join each end to the nodes of its clusters, as the search inserts them', (_, options) => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    using planner = hp.HPAStar.build(grid, options);
    const o = planner.options;
    const terrain = grid.terrain();
    const layout = layoutOf(grid.width, grid.height, o.clusterSize, o.levels, o.clusterGroup);
    const graphs = Array.from({ length: o.levels }, (_, l) => abstractGraph(planner, l + 1));
    const idToPosition = graphs.map((g) => new Map(Array.from(g.nodeIds, (id, i) => [id, i])));
    const pairs = randomPairs(parseMap(mapText), 30, 5);
    pairs.push([pairs[0]![0], pairs[0]![0]]); // start is goal: the connections of one cell
    for (const [start, goal] of pairs) {
      const c = queryConnections(planner, start, goal);
      expect(c.start).toEqual(start);
      expect(c.goal).toEqual(goal);
      expect(c.levels.map((l) => l.level)).toEqual(graphs.map((g) => g.level));
      for (const [end, which] of [[start, 'start'], [goal, 'goal']] as const) {
        // Level 1: the oracle's Dijkstra inside the cluster (DHPA*'s trees hold fixed-point distances).
        const expected = level1Connections(terrain, layout, graphs[0]!.nodes, end.x, end.y);
        const got = c.levels[0]![which];
        expect(got.nodeIds.length).toBe(expected.size);
        got.nodeIds.forEach((id, k) => {
          const n = idToPosition[0]!.get(id)!;
          expect([got.nodes[2 * k], got.nodes[2 * k + 1]]).toEqual([graphs[0]!.nodes[2 * n], graphs[0]!.nodes[2 * n + 1]]);
          expect(got.costs[k]).toBeCloseTo(expected.get(n)!, o.cacheTrees ? 2 : 9);
        });
        // Upper levels: nodes of that level in the end's cluster of that level, no closer than octile
        // (DHPA*'s costs sum fixed-point tree distances).
        for (const l of c.levels.slice(1)) {
          const edges = l[which];
          edges.nodeIds.forEach((id, k) => {
            const n = idToPosition[l.level - 1]!.get(id);
            expect(n, `node ${id} is a node of level ${l.level}`).toBeDefined();
            const x = edges.nodes[2 * k]!, y = edges.nodes[2 * k + 1]!;
            expect(clusterOf(layout, l.level, x, y)).toBe(clusterOf(layout, l.level, end.x, end.y));
            const dx = Math.abs(x - end.x), dy = Math.abs(y - end.y);
            expect(edges.costs[k]!).toBeGreaterThanOrEqual(Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy) - (o.cacheTrees ? 1e-2 : 1e-6));
          });
        }
      }
      c.levels.forEach((l) => {
        const shared = clusterOf(layout, l.level, start.x, start.y) === clusterOf(layout, l.level, goal.x, goal.y);
        if (!shared) expect(l.direct).toBeNull();
        if (start.x === goal.x && start.y === goal.y) expect(l.direct).toBe(0);
      });
      // Unsmoothed: a smoothed query joined by a free two-run path skips the hierarchy (no insertion).
      const path = planner.findPath(start, goal, { smooth: false });
      if (path.found && (start.x !== goal.x || start.y !== goal.y)) expect(c.expandedInsertion).toBe(path.stats.expandedInsertion);
    }
    expect(() => queryConnections(planner, { x: -1, y: 0 }, { x: 1, y: 1 })).toThrow(new PathQueryError('start is outside the map or blocked', 'start (-1, 0) is outside the map or blocked'));
    expect(() => queryConnections(planner, pairs[0]![0], { x: 0, y: 0 })).toThrow(PathQueryError);
    expect(() => queryConnections(planner, { x: 0.5, y: 0 }, { x: 1, y: 1 })).toThrow(TypeError);
    using query = planner.createQuery();
    expect(queryConnections(query, pairs[1]![0], pairs[1]![1])).toEqual(queryConnections(planner, pairs[1]![0], pairs[1]![1]));
  });

  test('components() are the flood fill of the terrain, numbered by first cell, for any cluster size and after edits', () => {
    using grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
    // den520d is one component: a wall down column 120 and a closed box make more.
    const walls: TerrainEdit[] = [];
    for (let y = 0; y < grid.height; y++) walls.push({ x: 120, y, terrain: '@' });
    for (let k = 0; k < 9; k++) walls.push({ x: 30 + k, y: 130, terrain: '@' }, { x: 30 + k, y: 138, terrain: '@' }, { x: 30, y: 130 + k, terrain: '@' }, { x: 38, y: 130 + k, terrain: '@' });
    grid.applyEdits(walls);
    const oracle = components(grid.terrain(), grid.width, grid.height);
    expect(oracle.count).toBeGreaterThan(2);
    for (const clusterSize of [8, 10, 32]) {
      using planner = hp.HPAStar.build(grid, { clusterSize, levels: 2 });
      const c = componentLabels(planner);
      expect(c.count).toBe(oracle.count);
      expect(c.count).toBe(planner.stats.components);
      expect(Array.from(c.labels)).toEqual(Array.from(oracle.labels));
    }
    using planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
    const wall: TerrainEdit[] = [];
    for (let x = 0; x < grid.width; x++) wall.push({ x, y: 60, terrain: '@' });
    planner.applyEdits(wall);
    const edited = components(planner.terrain(), grid.width, grid.height);
    expect(edited.count).toBeGreaterThan(oracle.count);
    const c = componentLabels(planner);
    expect(c.count).toBe(edited.count);
    expect(Array.from(c.labels)).toEqual(Array.from(edited.labels));
    planner.dispose();
    expect(() => componentLabels(planner)).toThrow(/HPAStar/);
  });
});
