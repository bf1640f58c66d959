// Flow fields on block worlds through the package, against the built wasm: from every standing cell of
// the goal's component, following the field reaches the goal by moves that the independent reading of
// the rules (helpers/worldRules.ts) finds legal, at the cost the generated move table gives; other
// cells have no step; after digging and building, the planner's cached field is refreshed box by box
// and stays right; corridors cover what their starts need; bad goals and options throw errors that name
// them.
import { beforeAll, describe, expect, test } from 'vitest';
import { FLOW_NO_STEP, FLOW_NOT_COMPUTED, loadHpastar, WORLD_MOVES, type BlockWorld, type Hpastar, type Voxel, type WorldFlowField, type WorldHPAStar } from '../../web/lib/index';
import { clusterBoxes } from '../../web/lib/inspect';
import { seeded } from './helpers/queries';
import { WorldBlocks } from './helpers/worldRules';

let hp: Hpastar;
let world: BlockWorld;
let planner: WorldHPAStar;

beforeAll(async () => {
  hp = await loadHpastar();
  world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 64, height: 64, levels: 8 }, seed: 3 });
  planner = hp.WorldHPAStar.build(world, { clusterSide: 8, clusterLevels: 4 });
});

function rulesOf(p: WorldHPAStar, w: BlockWorld): WorldBlocks {
  return new WorldBlocks(w.width, w.height, w.levels, Array.from({ length: w.levels }, (_, z) => p.floor(z)));
}

/**
 * Follows the field from every standing cell of the world: "" when each cell of the goal's component
 * reaches the goal by legal moves (each costing what WORLD_MOVES says) and every other cell has no step;
 * else the first problem. Counts the cells that reached the goal.
 */
function followEverywhere(p: WorldHPAStar, field: WorldFlowField, rules: WorldBlocks): { problem: string; reached: number } {
  const goal = field.goal;
  const component = p.componentOf(goal);
  let reached = 0;
  for (let z = 0; z < rules.levels; z++) {
    for (let y = 0; y < rules.height; y++) {
      for (let x = 0; x < rules.width; x++) {
        const d = field.direction(x, y, z);
        if (d === FLOW_NOT_COMPUTED) continue;
        const mine = rules.standing(x, y, z) && p.componentOf({ x, y, z }) === component;
        if (!mine) {
          if (d !== FLOW_NO_STEP) return { problem: `(${x}, ${y}, ${z}) outside the goal's component has step ${d}`, reached };
          continue;
        }
        let at: Voxel = { x, y, z };
        for (let steps = 0; at.x !== goal.x || at.y !== goal.y || at.z !== goal.z; steps++) {
          const m = field.direction(at.x, at.y, at.z);
          const next = field.next(at.x, at.y, at.z);
          if (next === null || steps > rules.width * rules.height * rules.levels) {
            return { problem: `following from (${x}, ${y}, ${z}) stops or cycles at (${at.x}, ${at.y}, ${at.z})`, reached };
          }
          const cost = rules.moveCost([at.x, at.y, at.z], [next.x, next.y, next.z]);
          if (cost === null || Math.abs(cost - WORLD_MOVES.cost[m]!) > 1e-12) {
            return { problem: `move ${m} from (${at.x}, ${at.y}, ${at.z}) is not legal (cost ${cost})`, reached };
          }
          at = next;
        }
        reached++;
      }
    }
  }
  return { problem: '', reached };
}

function randomStanding(w: BlockWorld, random: () => number): Voxel {
  for (;;) {
    const v = { x: Math.floor(random() * w.width), y: Math.floor(random() * w.height), z: Math.floor(random() * w.levels) };
    if (w.isStanding(v.x, v.y, v.z)) return v;
  }
}

describe('WorldHPAStar.flowField', () => {
  test('following it from every cell of the goal’s component reaches the goal by legal moves; no other cell has a step', () => {
    const random = seeded(5);
    const rules = rulesOf(planner, world);
    for (let k = 0; k < 2; k++) {
      const goal = randomStanding(world, random);
      const field = planner.flowField(goal);
      expect(field.goal).toEqual(goal);
      expect([field.width, field.height, field.levels]).toEqual([64, 64, 8]);
      expect(field.direction(goal.x, goal.y, goal.z)).toBe(FLOW_NO_STEP);
      expect(field.direction(-1, 0, 0)).toBe(FLOW_NO_STEP);
      const { problem, reached } = followEverywhere(planner, field, rules);
      expect(problem).toBe('');
      expect(reached).toBeGreaterThan(1000);
      expect(field.corridorsOnly).toBe(false);
      expect(field.stats.computedClusters).toBe(clusterBoxes(planner, 1).length / 6);
    }
  });

  test('after digging and building the cached field is refreshed box by box and stays right', () => {
    const w = hp.BlockWorld.generate({ kind: 'caves', size: { width: 48, height: 48, levels: 8 }, seed: 9 });
    const p = hp.WorldHPAStar.build(w, { clusterSide: 8, clusterLevels: 4 });
    const random = seeded(12);
    const goal = randomStanding(w, random);
    const first = p.flowField(goal);
    expect(first.stats.clustersIntegrated).toBeGreaterThan(0);
    // Asked again with nothing changed: the cached field, nothing integrated.
    expect(p.flowField(goal).stats.clustersIntegrated).toBe(0);
    let kept = 0;
    for (let batch = 0; batch < 4; batch++) {
      const changes = [];
      for (let i = 0; i < 4; i++) {
        const at = { x: Math.floor(random() * w.width), y: Math.floor(random() * w.height), z: Math.floor(random() * w.levels) };
        if (at.x === goal.x && at.y === goal.y && (at.z === goal.z || at.z === goal.z - 1)) continue;
        changes.push({ ...at, block: w.isStanding(at.x, at.y, at.z) ? ('solid' as const) : ('air' as const) });
      }
      p.applyBlockChanges(changes);
      const field = p.flowField(goal);
      expect(field.version).toBe(p.version);
      kept += field.stats.clustersKept;
      const { problem } = followEverywhere(p, field, rulesOf(p, w));
      expect(problem).toBe('');
    }
    expect(kept).toBeGreaterThan(0);
    p.dispose();
  });

  test('with starts, only the boxes their paths cross are computed, and the starts reach the goal', () => {
    const random = seeded(8);
    const goal = randomStanding(world, random);
    const starts: Voxel[] = [];
    while (starts.length < 3) {
      const s = randomStanding(world, random);
      if (planner.isReachable(s, goal)) starts.push(s);
    }
    const corridors = planner.flowField(goal, { starts });
    expect(corridors.corridorsOnly).toBe(true);
    expect(corridors.stats.computedClusters).toBeLessThan(clusterBoxes(planner, 1).length / 6);
    for (const s of starts) {
      let at: Voxel | null = s;
      for (let steps = 0; at && (at.x !== goal.x || at.y !== goal.y || at.z !== goal.z); steps++) {
        expect(corridors.direction(at.x, at.y, at.z)).toBeLessThan(WORLD_MOVES.dx.length);
        at = corridors.next(at.x, at.y, at.z);
        expect(steps).toBeLessThan(64 * 64 * 8);
      }
      expect(at).toEqual(goal);
    }
    const packed = planner.flowField(goal, { starts: new Int32Array([starts[0]!.x, starts[0]!.y, starts[0]!.z]) });
    expect(packed.corridorsOnly).toBe(true);
  });

  test('bad goals, starts and options throw errors that name them', () => {
    expect(() => planner.flowField({ x: 64, y: 0, z: 0 })).toThrow(new RangeError('WorldHPAStar.flowField: goal (64, 0, 0) is outside the 64x64x8 world'));
    let solid: Voxel | null = null;
    for (let x = 0; x < 64 && !solid; x++) for (let y = 0; y < 64 && !solid; y++) if (!world.isStanding(x, y, 0)) solid = { x, y, z: 0 };
    expect(solid).not.toBeNull();
    expect(() => planner.flowField(solid!)).toThrow(
      new RangeError(`WorldHPAStar.flowField: goal (${solid!.x}, ${solid!.y}, 0) is no cell an agent can stand in`),
    );
    const goal = randomStanding(world, seeded(2));
    expect(() => planner.flowField({ x: 1, y: 2 } as never)).toThrow(TypeError);
    expect(() => planner.flowField(goal, { starts: [{ x: 0, y: 0, z: 99 }] })).toThrow(
      new RangeError('WorldHPAStar.flowField: start 0 (0, 0, 99) is outside the 64x64x8 world'),
    );
    expect(() => planner.flowField(goal, { starts: new Int32Array(4) })).toThrow(/3 numbers each/);
    expect(() => planner.flowField(goal, { start: [] } as never)).toThrow(/unknown option "start"/);
    expect(() => world.isStanding(0, 0, 0) && planner.flowField(goal).direction(0.5, 0, 0)).toThrow(TypeError);
  });

  test('a disposed planner refuses flowField', () => {
    const p = hp.WorldHPAStar.build(world);
    const goal = randomStanding(world, seeded(3));
    p.flowField(goal);
    p.dispose();
    expect(() => p.flowField(goal)).toThrow(/WorldHPAStar/);
  });
});
