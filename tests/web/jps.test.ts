// JPS and JPS+ through the TypeScript API: the Moving AI optimal lengths on real maps, every path checked
// cell by cell, JPS+ keeping the grid it was built from, terrain costs, and the error paths.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type Hpastar } from '../../web/lib/index';
import { parseMap, parseScenarios, readMapsFile } from './scenarios';
import { validatePath } from './validatePath';

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

describe('JPS and JPS+ find the Moving AI optimal lengths', () => {
  test.each([
    ['arena.map', 0],
    ['den520d.map', 40],
    ['AR0011SR.map', 120],
    ['maze512-1-0.map', 1180],
  ])('%s (buckets from %i): every path valid and optimal, as long as A*\'s', (name, minBucket) => {
    const text = readMapsFile(name);
    const map = parseMap(text);
    const scenarios = parseScenarios(readMapsFile(`${name}.scen`)).filter((s) => s.bucket >= minBucket);
    expect(scenarios.length).toBeGreaterThan(50);
    using grid = hp.Grid.fromMovingAI(text, name);
    using jps = new hp.JPS();
    using plus = hp.JPSPlus.build(grid);
    expect(plus.tableBytes).toBe(grid.width * grid.height * 16);
    for (const s of scenarios) {
      for (const path of [jps.findPath(grid, s.start, s.goal), plus.findPath(s.start, s.goal)]) {
        expect(path.found).toBe(true);
        validatePath(map, path.cells, s.start, s.goal, path.cost);
        expect(Math.abs(path.cost - s.optimal)).toBeLessThanOrEqual(1e-5 * Math.max(1, s.optimal));
      }
    }
  });
});

describe('JPS+ keeps the grid it was built from', () => {
  test('an edit of the grid reaches JPS (no table) but not a JPS+ built before it', () => {
    using grid = hp.Grid.fromTerrain('.'.repeat(20 * 5), 20, 5);
    using plus = hp.JPSPlus.build(grid);
    using jps = new hp.JPS();
    const start = { x: 0, y: 2 };
    const goal = { x: 19, y: 2 };
    for (let y = 0; y < 4; y++) grid.setTerrain(10, y, '@'); // a wall with a gap at the bottom
    expect(plus.findPath(start, goal).cost).toBe(19);
    const around = jps.findPath(grid, start, goal);
    expect(around.cost).toBeGreaterThan(19);
    using again = hp.JPSPlus.build(grid);
    expect(again.findPath(start, goal).cost).toBeCloseTo(around.cost, 12);
  });
});

describe('terrain costs', () => {
  test('on a weighted grid JPS and JPS+ run A*: the same cost as AStar', () => {
    using grid = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    grid.setTerrainCosts({ '.': 2 });
    using astar = new hp.AStar();
    using jps = new hp.JPS();
    using plus = hp.JPSPlus.build(grid);
    const start = { x: 3, y: 3 };
    const goal = { x: 45, y: 40 };
    const optimal = astar.findPath(grid, start, goal).cost;
    expect(jps.findPath(grid, start, goal).cost).toBeCloseTo(optimal, 9);
    expect(plus.findPath(start, goal).cost).toBeCloseTo(optimal, 9);
  });
});

describe('bad input', () => {
  test('an endpoint outside the grid or blocked is a PathQueryError; a disposed object refuses calls', () => {
    using grid = hp.Grid.fromTerrain('..@..', 5, 1);
    const jps = new hp.JPS();
    const plus = hp.JPSPlus.build(grid);
    expect(() => jps.findPath(grid, { x: -1, y: 0 }, { x: 4, y: 0 })).toThrow(PathQueryError);
    expect(() => plus.findPath({ x: 2, y: 0 }, { x: 4, y: 0 })).toThrow(PathQueryError);
    expect(jps.findPath(grid, { x: 0, y: 0 }, { x: 4, y: 0 }).found).toBe(false);
    expect(plus.findPath({ x: 0, y: 0 }, { x: 4, y: 0 }).status).toBe('no path');
    expect(() => jps.findPath(grid, { x: 0.5, y: 0 }, { x: 4, y: 0 })).toThrow(TypeError);
    jps.dispose();
    plus.dispose();
    expect(() => plus.findPath({ x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(/disposed/);
    expect(() => jps.findPath(grid, { x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(/disposed/);
  });
});
