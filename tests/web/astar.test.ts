// The TypeScript API over the built wasm module, in Node: optimal lengths against the Moving AI
// scenarios, every path checked cell by cell, and the error paths of the wrapper.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, PathQueryError, type Hpastar, type Point } from '../../web/lib/index';
import { isPassableChar, parseMap, parseScenarios, readMapsFile, type Scenario } from './scenarios';
import { validatePath } from './validatePath';

let hpastar: Hpastar;

beforeAll(async () => {
  hpastar = await loadHpastar();
});

/** Moving AI's tolerance for the printed optimal lengths (dao files give 6 significant digits). */
function matchesOptimal(cost: number, optimal: number): boolean {
  return Math.abs(cost - optimal) <= 1e-5 * Math.max(1, optimal);
}

/** Runs the chosen scenarios of `mapName`; returns how many ran. Fails listing the first problems. */
function checkScenarios(mapName: string, choose: (s: Scenario, index: number) => boolean): number {
  const mapText = readMapsFile(mapName);
  const map = parseMap(mapText);
  const scenarios = parseScenarios(readMapsFile(`${mapName}.scen`)).filter(choose);
  const grid = hpastar.Grid.fromMovingAI(mapText, mapName);
  const astar = new hpastar.AStar();
  const problems: string[] = [];
  try {
    for (const s of scenarios) {
      const where = `${mapName}.scen:${s.line} (${s.start.x},${s.start.y})->(${s.goal.x},${s.goal.y})`;
      const path = astar.findPath(grid, s.start, s.goal);
      if (!path.found) {
        problems.push(`${where}: ${path.status}`);
        continue;
      }
      try {
        validatePath(map, path.cells, s.start, s.goal, path.cost);
      } catch (error) {
        problems.push(`${where}: invalid path: ${(error as Error).message}`);
      }
      if (!matchesOptimal(path.cost, s.optimal)) problems.push(`${where}: cost ${path.cost}, optimal ${s.optimal}`);
    }
  } finally {
    astar.dispose();
    grid.dispose();
  }
  expect(problems.slice(0, 10)).toEqual([]);
  return scenarios.length;
}

const tinyMap = (rows: string[]) =>
  `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

describe('A* on the Moving AI benchmarks', () => {
  test('A* matches every optimal length of arena.map.scen', () => {
    expect(checkScenarios('arena.map', () => true)).toBe(160);
  });

  test("A* matches the optimal lengths of den520d's longest buckets (bucket >= 60)", () => {
    expect(checkScenarios('den520d.map', (s) => s.bucket >= 60)).toBe(288);
  });

  test('A* matches every 10th optimal length of AR0011SR.map.scen', () => {
    expect(checkScenarios('AR0011SR.map', (_, i) => i % 10 === 0)).toBe(218);
  });

  test('A* matches every 50th optimal length of brc202d, 8room_000 and maze512-1-0', () => {
    expect(checkScenarios('brc202d.map', (_, i) => i % 50 === 0)).toBeGreaterThan(40);
    expect(checkScenarios('8room_000.map', (_, i) => i % 50 === 0)).toBeGreaterThan(40);
    expect(checkScenarios('maze512-1-0.map', (_, i) => i % 250 === 0)).toBeGreaterThan(40);
  });
});

describe('Grid', () => {
  test('a map is read with its size, terrain characters and passability', () => {
    const text = readMapsFile('arena.map');
    const map = parseMap(text);
    const grid = hpastar.Grid.fromMovingAI(text, 'arena.map');
    try {
      expect([grid.width, grid.height]).toEqual([49, 49]);
      expect(new TextDecoder().decode(grid.terrain())).toBe(map.rows.join(''));
      for (let y = 0; y < map.height; y++) {
        for (let x = 0; x < map.width; x++) {
          if (grid.passable(x, y) !== isPassableChar(map.rows[y]![x])) throw new Error(`passable(${x}, ${y}) is wrong`);
        }
      }
      expect([grid.passable(-1, 0), grid.passable(0, -1), grid.passable(49, 0), grid.passable(0, 49)]).toEqual([
        false, false, false, false,
      ]);
    } finally {
      grid.dispose();
    }
  });

  test('a malformed map is rejected with its file and line', () => {
    // Header lines 1-4, rows on lines 5-7: the second row (line 6) is one character short.
    const shortRow = 'type octile\nheight 3\nwidth 4\nmap\n....\n...\n....\n';
    expect(() => hpastar.Grid.fromMovingAI(shortRow, 'bad.map')).toThrow(/^bad\.map:6: /);
    const badChar = tinyMap(['....', '.x..']);
    expect(() => hpastar.Grid.fromMovingAI(badChar, 'bad.map')).toThrow(/^bad\.map:6: .*'x'/);
    expect(() => hpastar.Grid.fromMovingAI('hello\n', 'bad.map')).toThrow(/^bad\.map:1: /);
    expect(() => hpastar.Grid.fromMovingAI('')).toThrow(/^map:1: /);
  });

  test('use after dispose throws, and dispose twice does not', () => {
    const grid = hpastar.Grid.fromMovingAI(tinyMap(['..', '..']), 'tiny.map');
    const astar = new hpastar.AStar();
    expect(astar.findPath(grid, { x: 0, y: 0 }, { x: 1, y: 1 }).found).toBe(true);
    grid.dispose();
    grid.dispose();
    expect(grid.disposed).toBe(true);
    expect(() => grid.width).toThrow(/disposed/);
    expect(() => grid.passable(0, 0)).toThrow(/disposed/);
    expect(() => grid.terrain()).toThrow(/disposed/);
    expect(() => astar.findPath(grid, { x: 0, y: 0 }, { x: 1, y: 1 })).toThrow(/Grid has been disposed/);
    astar[Symbol.dispose]();
    expect(astar.disposed).toBe(true);
    const other = hpastar.Grid.fromMovingAI(tinyMap(['..']), 'other.map');
    expect(() => astar.findPath(other, { x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(/AStar has been disposed/);
    other.dispose();
  });
});

describe('AStar', () => {
  test('a blocked start is reported as an error, not a crash', () => {
    const text = readMapsFile('arena.map');
    const map = parseMap(text);
    const grid = hpastar.Grid.fromMovingAI(text, 'arena.map');
    const astar = new hpastar.AStar();
    try {
      const blocked: Point = { x: 0, y: 0 };
      const free: Point = { x: 1, y: 11 };
      expect(isPassableChar(map.rows[blocked.y]![blocked.x])).toBe(false);
      expect(isPassableChar(map.rows[free.y]![free.x])).toBe(true);

      expect(() => astar.findPath(grid, blocked, free)).toThrow(PathQueryError);
      expect(() => astar.findPath(grid, blocked, free)).toThrow('start (0, 0) is outside the map or blocked');
      expect(() => astar.findPath(grid, free, blocked)).toThrow('goal (0, 0) is outside the map or blocked');
      for (const outside of [{ x: -1, y: 11 }, { x: 49, y: 11 }, { x: 1, y: 49 }, { x: 1, y: -5 }]) {
        try {
          astar.findPath(grid, outside, free);
          expect.unreachable('an outside start must throw');
        } catch (error) {
          expect(error).toBeInstanceOf(PathQueryError);
          expect((error as PathQueryError).status).toBe('start is outside the map or blocked');
        }
      }
      // The same objects still work afterwards.
      const path = astar.findPath(grid, free, { x: 40, y: 37 });
      expect(path.found).toBe(true);
      validatePath(map, path.cells, free, { x: 40, y: 37 }, path.cost);
    } finally {
      astar.dispose();
      grid.dispose();
    }
  });

  test('cells that are not connected give found: false, not an error', () => {
    const grid = hpastar.Grid.fromMovingAI(tinyMap(['..@..', '..@..', '..T..']), 'walled.map');
    const astar = new hpastar.AStar();
    const path = astar.findPath(grid, { x: 0, y: 0 }, { x: 4, y: 2 });
    expect(path).toMatchObject({ found: false, status: 'no path', cost: Infinity });
    expect(path.cells.length).toBe(0);
    astar.dispose();
    grid.dispose();
  });

  test('a diagonal step never cuts a corner, and a path to the start itself has cost 0', () => {
    const grid = hpastar.Grid.fromMovingAI(tinyMap(['.@', '..']), 'corner.map');
    const astar = new hpastar.AStar();
    const path = astar.findPath(grid, { x: 0, y: 0 }, { x: 1, y: 1 });
    expect(Array.from(path.cells)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(path.cost).toBe(2);
    const self = astar.findPath(grid, { x: 0, y: 1 }, { x: 0, y: 1 });
    expect(self).toMatchObject({ found: true, cost: 0 });
    expect(Array.from(self.cells)).toEqual([0, 1]);
    astar.dispose();
    grid.dispose();
  });

  test('coordinates that are not integers are a TypeError', () => {
    const grid = hpastar.Grid.fromMovingAI(tinyMap(['..']), 'tiny.map');
    const astar = new hpastar.AStar();
    expect(() => astar.findPath(grid, { x: 0.5, y: 0 }, { x: 1, y: 0 })).toThrow(TypeError);
    expect(() => astar.findPath(grid, { x: 0, y: 0 }, { x: 1, y: Number.NaN })).toThrow(TypeError);
    astar.dispose();
    grid.dispose();
  });
});

describe('loadHpastar', () => {
  test('without options it returns one shared module; with wasmBinary a separate one', async () => {
    expect(await loadHpastar()).toBe(hpastar);
    const bytes = readFileSync(new URL('../../web/lib/wasm/hpastar.wasm', import.meta.url));
    const separate = await loadHpastar({ wasmBinary: bytes });
    expect(separate).not.toBe(hpastar);
    const grid = separate.Grid.fromMovingAI(tinyMap(['...']), 'row.map');
    const astar = new separate.AStar();
    expect(astar.findPath(grid, { x: 0, y: 0 }, { x: 2, y: 0 }).cost).toBe(2);
    astar.dispose();
    grid.dispose();
  });
});
