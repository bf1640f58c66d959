// Flow fields (issue 18, item 4) through the package, against the built wasm, on den520d: every step of
// a field is a legal move of the map (checked here from the map text, not by the module) and following it
// from every cell of the goal's component reaches the goal; other cells have no step; the field is
// refreshed after a wall, cluster by cluster, and stays right; corridors only cover what their starts need;
// bad goals and options throw errors that name them; a pool answers as the
// planner does, also after updateTerrain.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createPathPool,
  FLOW_DX,
  FLOW_DY,
  FLOW_NOT_COMPUTED,
  FLOW_NO_STEP,
  loadHpastar,
  type FlowField,
  type Grid,
  type HPAStar,
  type Hpastar,
  type Point,
} from '../../web/lib/index';
import { passableCells, seeded } from './helpers/queries';
import { isPassableChar, parseMap, readMapsFile, type MapText } from './scenarios';

const MAP = 'den520d.map';
let hp: Hpastar;
let map: MapText;
let grid: Grid;
let planner: HPAStar;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
  planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
});

afterAll(() => {
  planner.dispose();
  grid.dispose();
});

/** The map's rows with edits applied, as the oracle sees the terrain. */
function passableOf(rows: string[]): (x: number, y: number) => boolean {
  return (x, y) => y >= 0 && y < rows.length && x >= 0 && x < rows[0]!.length && isPassableChar(rows[y]![x]);
}

/**
 * Checks `field` against the terrain `rows`: "" or the first problem. Every cell of the goal's component
 * (planner.componentOf) has a legal step (into a passable cell, a diagonal only when both cells beside it
 * are passable), and following the steps reaches the goal without a cycle; every other cell has none.
 * Cells left out (FLOW_NOT_COMPUTED), and walks into them, are skipped. Returns the number of cells that
 * reached the goal.
 */
function checkField(field: FlowField, rows: string[]): { problem: string; reached: number } {
  const passable = passableOf(rows);
  const { width, height } = field;
  const goalComponent = planner.componentOf(field.goal);
  const state = new Uint8Array(width * height); // 0 unknown, 1 on the walk, 2 reaches the goal, 3 leads into a cluster left out
  state[field.goal.y * width + field.goal.x] = 2;
  if (field.direction(field.goal.x, field.goal.y) !== FLOW_NO_STEP) return { problem: 'the goal has a step', reached: 0 };
  let reached = 0;
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      const d = field.direction(x, y);
      if (d === FLOW_NOT_COMPUTED) continue;
      const inComponent = passable(x, y) && planner.componentOf({ x, y }) === goalComponent;
      if (!inComponent) {
        if (d !== FLOW_NO_STEP) return { problem: `(${x}, ${y}) outside the component has step ${d}`, reached };
        continue;
      }
      if (x === field.goal.x && y === field.goal.y) continue;
      if (d > 7) return { problem: `(${x}, ${y}) of the component has no step`, reached };
      const dx = FLOW_DX[d]!, dy = FLOW_DY[d]!;
      const legal = passable(x + dx, y + dy) && (dx === 0 || dy === 0 || (passable(x + dx, y) && passable(x, y + dy)));
      if (!legal) return { problem: `step ${d} of (${x}, ${y}) is not a legal move`, reached };
    }
  }
  const walk: number[] = [];
  for (let start = 0; start < width * height; ++start) {
    if (state[start] !== 0 || field.directions[start]! > 7) continue;
    walk.length = 0;
    let i = start;
    let intoLeftOut = false;
    while (state[i] === 0) {
      const d = field.directions[i]!;
      // Into a cluster left out (corridors only): where the walk goes from there is not known.
      if (d === FLOW_NOT_COMPUTED) {
        intoLeftOut = true;
        break;
      }
      state[i] = 1;
      walk.push(i);
      if (d > 7) return { problem: `following from ${start % width}, ${Math.floor(start / width)} stops short of the goal`, reached };
      i += FLOW_DY[d]! * width + FLOW_DX[d]!;
    }
    if (state[i] === 1) return { problem: `following from ${start % width}, ${Math.floor(start / width)} cycles`, reached };
    const ending = intoLeftOut || state[i] === 3 ? 3 : 2; // 3: leads into a cluster left out
    for (const w of walk) state[w] = ending;
    if (ending === 2) reached += walk.length;
  }
  return { problem: '', reached };
}

describe('HPAStar.flowField', () => {
  test('every step is legal and following the field from every cell of the component reaches the goal', () => {
    const random = seeded(18);
    const cells = passableCells(map);
    for (let k = 0; k < 3; ++k) {
      const goal = cells[Math.floor(random() * cells.length)]!;
      const field = planner.flowField(goal);
      expect(field.goal).toEqual(goal);
      expect(field.width * field.height).toBe(field.directions.length);
      expect(field.component).toBe(planner.componentOf(goal));
      expect(field.corridorsOnly).toBe(false);
      const { problem, reached } = checkField(field, map.rows);
      expect(problem).toBe('');
      // Every cell of the component but the goal walked to it.
      const componentCells = cells.filter((c) => planner.componentOf(c) === field.component).length;
      expect(reached).toBe(componentCells - 1);
      // next() agrees with direction().
      const s = cells.find((c) => planner.componentOf(c) === field.component && (c.x !== goal.x || c.y !== goal.y))!;
      const d = field.direction(s.x, s.y);
      expect(field.next(s.x, s.y)).toEqual({ x: s.x + FLOW_DX[d]!, y: s.y + FLOW_DY[d]! });
      expect(field.next(goal.x, goal.y)).toBeNull();
      expect(field.direction(-1, 0)).toBe(FLOW_NO_STEP);
    }
  });

  test('a field asked for again is cached; after a wall it is refreshed cluster by cluster and stays right', () => {
    const goal = { x: 50, y: 150 };
    expect(planner.isReachable(goal, goal)).toBe(true);
    const first = planner.flowField(goal);
    const again = planner.flowField(goal);
    expect(again.stats.clustersIntegrated).toBe(0);
    expect(Array.from(again.directions)).toEqual(Array.from(first.directions));
    // The caller's copy is its own.
    again.directions[0] = 3;
    expect(planner.flowField(goal).directions[0]).toBe(first.directions[0]);

    // A wall across a corridor somewhere else.
    const rows = map.rows.slice();
    const wall: Point[] = [];
    for (let x = 150; x < 186; ++x) wall.push({ x, y: 100 });
    planner.applyEdits(wall.map((p) => ({ x: p.x, y: p.y, terrain: '@' })));
    for (const p of wall) rows[p.y] = rows[p.y]!.slice(0, p.x) + '@' + rows[p.y]!.slice(p.x + 1);
    const after = planner.flowField(goal);
    expect(after.version).toBe(planner.version);
    expect(after.stats.clustersKept).toBeGreaterThan(0);
    expect(after.stats.clustersIntegrated).toBeLessThan(after.stats.computedClusters);
    expect(checkField(after, rows).problem).toBe('');
    // Undo, so that the other tests see the shipped map.
    planner.applyEdits(wall.map((p) => ({ x: p.x, y: p.y, terrain: map.rows[p.y]![p.x]! })));
  });

  test('with starts, only the clusters of their corridors are computed, and they lead to the goal', () => {
    const random = seeded(7);
    const cells = passableCells(map);
    const goal = cells[Math.floor(random() * cells.length)]!;
    const starts = Array.from({ length: 6 }, () => cells[Math.floor(random() * cells.length)]!).filter((s) => planner.isReachable(s, goal));
    expect(starts.length).toBeGreaterThan(0);
    const field = planner.flowField(goal, { starts: new Int32Array(starts.flatMap((s) => [s.x, s.y])) });
    expect(field.corridorsOnly).toBe(true);
    const whole = planner.stats.levels[0]!.clusters;
    expect(field.stats.computedClusters).toBeLessThan(whole);
    expect(field.directions.includes(FLOW_NOT_COMPUTED)).toBe(true);
    expect(checkField(field, map.rows).problem).toBe('');
    for (const s of starts) {
      let p: Point | null = s;
      let steps = 0;
      while (p && (p.x !== goal.x || p.y !== goal.y)) {
        expect(field.direction(p.x, p.y)).toBeLessThan(8);
        p = field.next(p.x, p.y);
        expect(++steps).toBeLessThan(field.width * field.height);
      }
    }
  });

  test('bad goals, starts and options throw errors that name them', () => {
    expect(() => planner.flowField({ x: 256, y: 3 })).toThrow(new RangeError('HPAStar.flowField: goal (256, 3) is outside the 256x257 map'));
    const blocked = { x: 0, y: 0 };
    expect(map.rows[0]![0]).toBe('@');
    expect(() => planner.flowField(blocked)).toThrow(new RangeError("HPAStar.flowField: goal (0, 0) is blocked (terrain '@')"));
    expect(() => planner.flowField({ x: 1.5, y: 2 })).toThrow(TypeError);
    expect(() => planner.flowField({ x: 50, y: 150 }, { starts: [{ x: 999, y: 1 }] })).toThrow(
      new RangeError('HPAStar.flowField: start 0 (999, 1) is outside the 256x257 map'),
    );
    expect(() => planner.flowField({ x: 50, y: 150 }, { starts: new Int32Array(3) })).toThrow(TypeError);
    expect(() => planner.flowField({ x: 50, y: 150 }, { start: [] } as never)).toThrow(/unknown option "start"/);
  });

  test('a disposed planner refuses flowField', () => {
    const p = hp.HPAStar.build(grid, { clusterSize: 10 });
    p.flowField({ x: 50, y: 150 });
    p.dispose();
    expect(() => p.flowField({ x: 50, y: 150 })).toThrow(/HPAStar/);
  });
});

describe.each(['copied', 'shared'] as const)('PathPool.flowField (%s)', (mode) => {
  test('answers as the planner does, also after updateTerrain, and rejects bad goals as the planner throws', async () => {
    const text = readMapsFile(MAP);
    const edited = hp.Grid.fromMovingAI(text, MAP);
    const p = hp.HPAStar.build(edited, { clusterSize: 10, levels: 2 });
    const pool = await createPathPool({ grid: edited, hierarchy: { clusterSize: 10, levels: 2 }, workers: 2, mode });
    try {
      expect(pool.mode).toBe(mode);
      const goal = { x: 50, y: 150 };
      const fromPool = await pool.flowField(goal);
      expect(fromPool.version).toBe(0);
      expect(Array.from(fromPool.directions)).toEqual(Array.from(p.flowField(goal).directions));
      const wall = Array.from({ length: 36 }, (_, k) => ({ x: 150 + k, y: 100, terrain: '@' }));
      await pool.updateTerrain(wall);
      p.applyEdits(wall);
      const after = await pool.flowField(goal);
      expect(after.version).toBe(1);
      expect(Array.from(after.directions)).toEqual(Array.from(p.flowField(goal).directions));
      // A goal neither has a field of yet: both compute the corridor of the start only.
      const other = { x: 100, y: 100 };
      const starts = [{ x: 200, y: 200 }];
      const corridor = await pool.flowField(other, { starts });
      expect(corridor.corridorsOnly).toBe(true);
      expect(Array.from(corridor.directions)).toEqual(Array.from(p.flowField(other, { starts }).directions));
      await expect(pool.flowField({ x: 256, y: 3 })).rejects.toThrow(new RangeError('PathPool.flowField: goal (256, 3) is outside the 256x257 map'));
      await expect(pool.flowField({ x: 50, y: 150 }, { start: [] } as never)).rejects.toThrow(TypeError);
    } finally {
      await pool.close();
      p.dispose();
      edited.dispose();
    }
  });
});
