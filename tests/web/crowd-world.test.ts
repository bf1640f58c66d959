// A crowd on a block world: the same Crowd as on a grid, given a world pool and the world on this thread.
// Agents on several floors walk, climb, take stairs and ladders to their goals; every step any agent takes
// is checked against the world rules oracle (helpers/worldRules.ts, written apart from the core) on the
// world as it is at that moment; blocks dug and built under and ahead of walking agents snap them or
// make them plan again; agents sharing a goal follow its flow field; bad options get named errors.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorldPool, Crowd, loadHpastar, WORLD_MOVES, type BlockChange, type BlockWorld, type CrowdEvent, type Hpastar, type Voxel, type WorldBlockUpdate, type WorldPathPool } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { SOLID, WorldBlocks } from './helpers/worldRules';
import { standingCells } from './helpers/worlds';

const GENERATE = { kind: 'caves', size: { width: 48, height: 40, levels: 6 }, seed: 4 } as const;
const OPTIONS = { clusterSide: 8, clusterLevels: 3 } as const;
const DT = 0.05;

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

/** Runs the crowd frame by frame, checking every step against the oracle, until `done` or `frames` pass. */
async function run(crowd: Crowd<Voxel>, world: BlockWorld, frames: number, done: () => boolean, onFrame?: (frame: number) => Promise<void>): Promise<{ events: CrowdEvent<Voxel>[]; steps: number; levelChanges: number }> {
  const events: CrowdEvent<Voxel>[] = [];
  let rules = WorldBlocks.of(world);
  let version = world.version;
  const where = new Map<number, Voxel>();
  for (const a of crowd.agents()) where.set(a.id, { x: a.cellX, y: a.cellY, z: a.cellZ });
  let steps = 0, levelChanges = 0;
  for (let frame = 0; frame < frames && !done(); frame++) {
    if (onFrame) await onFrame(frame);
    if (world.version !== version) {
      rules = WorldBlocks.of(world);
      version = world.version;
    }
    const frameEvents = crowd.step(DT);
    events.push(...frameEvents);
    const snapped = new Set(frameEvents.filter((e) => e.type === 'snapped').map((e) => e.agent));
    for (const a of crowd.agents()) {
      const before = where.get(a.id)!;
      const now = { x: a.cellX, y: a.cellY, z: a.cellZ };
      expect(rules.standing(now.x, now.y, now.z), `agent ${a.id} stands at (${now.x}, ${now.y}, ${now.z})`).toBe(true);
      if (before.x !== now.x || before.y !== now.y || before.z !== now.z) {
        if (!snapped.has(a.id)) {
          expect(rules.moveCost([before.x, before.y, before.z], [now.x, now.y, now.z]), `agent ${a.id}: (${before.x}, ${before.y}, ${before.z}) to (${now.x}, ${now.y}, ${now.z})`).not.toBeNull();
          steps++;
          if (before.z !== now.z) levelChanges++;
        }
        where.set(a.id, now);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { events, steps, levelChanges };
}

describe('a crowd on a block world', () => {
  let world: BlockWorld;
  let pool: WorldPathPool;
  let cells: Voxel[];

  beforeAll(async () => {
    world = hp.BlockWorld.generate(GENERATE);
    pool = await createWorldPool({ world, hierarchy: OPTIONS, workers: 2 });
    cells = standingCells(world);
  });

  afterAll(async () => {
    await pool.close();
    world.dispose();
  });

  test('agents on several floors walk legal moves to their goals and arrive', async () => {
    const crowd = new Crowd<Voxel>({ pool, world, speed: 8, flowFieldAgents: Infinity });
    const random = seeded(5);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    const goals = new Map<number, Voxel>();
    while (goals.size < 40) {
      const [at, goal] = [pick(), pick()];
      if (!world.isReachable(at, goal) || (at.x === goal.x && at.y === goal.y && at.z === goal.z)) continue;
      goals.set(crowd.addAgent(at, { goal }), goal);
    }
    expect(new Set([...crowd.agents()].map((a) => a.cellZ)).size).toBeGreaterThan(2);
    const { events, steps, levelChanges } = await run(crowd, world, 4000, () => [...crowd.agents()].every((a) => a.state === 'idle'));
    const arrived = new Set(events.filter((e) => e.type === 'arrived').map((e) => e.agent));
    expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
    expect(arrived.size).toBe(goals.size);
    for (const e of events) if (e.type === 'arrived') expect(e.goal).toEqual(goals.get(e.agent));
    expect(steps).toBeGreaterThan(200);
    expect(levelChanges).toBeGreaterThan(0);
    for (const a of crowd.agents()) expect(a.state).toBe('idle');
    expect(crowd.stats.plans).toBeGreaterThanOrEqual(40);
    expect(crowd.stats.refusedSteps).toBe(0);
  });

  test('toNearest: agents sent where they cannot go walk to the nearest cell of their component, as WorldHPAStar.findPath names it', async () => {
    const crowd = new Crowd<Voxel>({ pool, world, speed: 8, flowFieldAgents: Infinity, toNearest: true });
    using planner = hp.WorldHPAStar.build(world, OPTIONS);
    const random = seeded(8);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    const reached = new Map<number, Voxel>();
    for (let tries = 0; reached.size < 12 && tries < 10_000; tries++) {
      const at = pick();
      // A goal in another component, or in rock: no path to it.
      const goal = tries % 2 === 0 ? pick() : { x: Math.floor(random() * world.width), y: Math.floor(random() * world.height), z: Math.floor(random() * world.levels) };
      if (world.isReachable(at, goal)) continue;
      const expected = planner.findPath(at, goal, { toNearest: true });
      if (expected.status !== 'partial' || (expected.reached!.x === at.x && expected.reached!.y === at.y && expected.reached!.z === at.z)) continue;
      reached.set(crowd.addAgent(at, { goal }), expected.reached!);
    }
    expect(reached.size).toBe(12);
    const { events } = await run(crowd, world, 4000, () => [...crowd.agents()].every((a) => a.state === 'idle'));
    expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
    const partial = events.filter((e) => e.type === 'partial');
    expect(partial.length).toBe(12);
    for (const e of partial) if (e.type === 'partial') expect(e.reached).toEqual(reached.get(e.agent));
    for (const a of crowd.agents()) expect({ x: a.cellX, y: a.cellY, z: a.cellZ }).toEqual(reached.get(a.id));
    expect(crowd.stats.partial).toBe(12);
  });

  test('blocks built on and dug under walking agents: they snap or plan again, and every step stays legal', async () => {
    await using edited = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 2 });
    using mine = hp.BlockWorld.generate(GENERATE);
    const crowd = new Crowd<Voxel>({ pool: edited, world: mine, speed: 6, flowFieldAgents: Infinity });
    const random = seeded(9);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    for (let n = 0; n < 40; ) {
      const [at, goal] = [pick(), pick()];
      if (!mine.isReachable(at, goal)) continue;
      crowd.addAgent(at, { goal });
      n++;
    }
    let changed = 0;
    const result = await run(crowd, mine, 3000, () => [...crowd.agents()].every((a) => a.state === 'idle'), async (frame) => {
      if (frame % 10 !== 5) return;
      // A solid block on an agent that walks (a snap), and one in the cell ahead of another (a re-plan).
      const walking = [...crowd.agents()].filter((a) => a.state === 'walking');
      if (walking.length < 2) return;
      const covered = walking[Math.floor(random() * walking.length)]!;
      const changes: BlockChange[] = [{ x: covered.cellX, y: covered.cellY, z: covered.cellZ, block: 'solid' }];
      const ahead = crowd.routeOf(walking[0]!.id)?.cells;
      if (ahead && ahead.length >= 6) changes.push({ x: ahead[3]!, y: ahead[4]!, z: ahead[5]!, block: 'solid' });
      await crowd.applyBlockChanges(changes);
      changed++;
    });
    expect(changed).toBeGreaterThan(5);
    expect(edited.version).toBe(mine.version);
    expect(crowd.stats.snaps).toBeGreaterThan(0);
    expect(result.events.some((e) => e.type === 'replanned')).toBe(true);
    expect(crowd.stats.lastUpdate?.version).toBe(edited.version);
    // The pool's world is the crowd's: both were changed alike.
    for (let z = 0; z < mine.levels; z++) expect(mine.floor(z).filter((b) => b === SOLID).length).toBeGreaterThan(0);
    // Every agent ended (arrived, or told its goal was walled off), or still walks: none stands stuck.
    for (const a of crowd.agents()) expect(a.stillSeconds).toBeLessThan(2);
  });

  test('every kind of block placed and dug at random around walking agents: no step breaks the rules, no call throws', async () => {
    await using edited = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 2 });
    using mine = hp.BlockWorld.generate(GENERATE);
    const crowd = new Crowd<Voxel>({ pool: edited, world: mine, speed: 9, flowFieldAgents: 6 });
    const random = seeded(21);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    const kinds = hp.BlockWorld.blockKinds.map((k) => k.name);
    // A few goals shared by many (flow fields) and many goals of one agent each (plans).
    const shared = [pick(), pick()];
    for (let n = 0; n < 60; n++) crowd.addAgent(pick(), { goal: n % 3 === 0 ? shared[n % 2]! : pick() });
    let changes = 0;
    const { events } = await run(crowd, mine, 700, () => false, async (frame) => {
      if (frame % 4 !== 1) return;
      const agents = [...crowd.agents()];
      const near = agents[Math.floor(random() * agents.length)]!;
      const at = { x: near.cellX + Math.floor(random() * 5) - 2, y: near.cellY + Math.floor(random() * 5) - 2, z: near.cellZ + Math.floor(random() * 3) - 1 };
      if (at.x < 0 || at.y < 0 || at.z < 0 || at.x >= mine.width || at.y >= mine.height || at.z >= mine.levels) return;
      await crowd.applyBlockChanges([{ ...at, block: kinds[Math.floor(random() * kinds.length)]! }]);
      changes++;
      // Agents that arrive or lose their goal go on to another.
      for (const a of crowd.agents()) if (a.state === 'idle') crowd.setGoal(a.id, pick());
    });
    expect(changes).toBeGreaterThan(100);
    expect(edited.version).toBe(mine.version);
    expect(events.filter((e) => e.type === 'arrived').length).toBeGreaterThan(20);
    expect(crowd.stats.fields).toBeGreaterThan(0);
    // (run() checked every frame that each agent stands, and every step it took, on the world of its moment.)
    expect(crowd.stats.snaps).toBeGreaterThan(0);
  });

  test('cell costs changed under walking agents: world and pool change alike, routes stay legal, new plans follow the costs', async () => {
    await using priced = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 2 });
    using mine = hp.BlockWorld.generate(GENERATE);
    const crowd = new Crowd<Voxel>({ pool: priced, world: mine, speed: 6, flowFieldAgents: Infinity });
    const random = seeded(9);
    const pick = () => cells[Math.floor(random() * cells.length)]!;
    let added = 0;
    while (added < 30) {
      const [at, goal] = [pick(), pick()];
      if (!mine.isReachable(at, goal) || (at.x === goal.x && at.y === goal.y && at.z === goal.z)) continue;
      crowd.addAgent(at, { goal });
      added++;
    }
    // Bad changes first: refused naming the change, and nothing changes anywhere.
    expect(() => crowd.applyCostChanges([{ x: 1, y: 1, z: 0, value: 64 }, { x: 99, y: 0, z: 0, value: 64 }])).toThrow(
      'Crowd.applyCostChanges: changes[1]: cell (99, 0, 0) is outside the 48x40x6 world');
    expect(() => crowd.applyCostChanges([{ x: 1, y: 1, z: 0, value: 0 }])).toThrow(/^Crowd\.applyCostChanges: changes\[0\]: value must be/);
    expect([mine.costLayer(), priced.version]).toEqual([null, 0]);
    // A band across the middle columns at 12 times the cost, on every level, while agents walk.
    const band: { x: number; y: number; z: number; value: number }[] = [];
    for (let z = 0; z < mine.levels; z++) for (let y = 0; y < mine.height; y++) for (let x = 20; x < 28; x++) band.push({ x, y, z, value: 192 });
    const pending: { answer?: Promise<WorldBlockUpdate> } = {};
    const { events } = await run(crowd, mine, 4000, () => [...crowd.agents()].every((a) => a.state === 'idle'), async (frame) => {
      if (frame === 10) pending.answer = crowd.applyCostChanges(band);
    });
    const update = await pending.answer!;
    expect(update.version).toBe(1);
    expect(update.costsChanged).toBe(band.length);
    expect(events.filter((e) => e.type === 'arrived').length).toBe(30);
    expect(crowd.stats.refusedSteps).toBe(0);
    // The crowd's world holds the layer; the pool answers as a planner given the same changes.
    const layer = mine.costLayer()!;
    expect(layer[(2 * mine.height + 5) * mine.width + 21]).toBe(192);
    expect(layer[(2 * mine.height + 5) * mine.width + 19]).toBe(16);
    using fresh = hp.BlockWorld.generate(GENERATE);
    using planner = hp.WorldHPAStar.build(fresh, OPTIONS);
    planner.applyCostChanges(band);
    expect(Array.from(planner.costLayer()!)).toEqual(Array.from(layer));
    const pairs: [Voxel, Voxel][] = [];
    while (pairs.length < 20) {
      const [a, b] = [pick(), pick()];
      if (mine.isReachable(a, b) && a.x < 16 && b.x > 32) pairs.push([a, b]);
    }
    const batch = await priced.findPaths(pairs);
    pairs.forEach(([a, b], i) => expect(batch.cost[i]).toBeCloseTo(planner.findPath(a, b).cost, 3));
    await expect(crowd.setTerrainCosts({ '.': 1 })).rejects.toThrow('Crowd.setTerrainCosts: a block world has no terrain kinds (change its cost layer with Crowd.applyCostChanges)');
  });

  test('agents sharing a goal follow its flow field, over floors, and arrive', async () => {
    const crowd = new Crowd<Voxel>({ pool, world, speed: 10, flowFieldAgents: 8 });
    const random = seeded(3);
    const goal = cells[Math.floor(cells.length / 3)]!;
    let n = 0;
    while (n < 24) {
      const at = cells[Math.floor(random() * cells.length)]!;
      if (!world.isReachable(at, goal) || (at.x === goal.x && at.y === goal.y && at.z === goal.z)) continue;
      crowd.addAgent(at, { goal });
      n++;
    }
    expect(crowd.step(0)).toEqual([]);
    expect([...crowd.agents()].every((a) => a.state === 'following')).toBe(true);
    const { events } = await run(crowd, world, 4000, () => [...crowd.agents()].every((a) => a.state === 'idle'));
    expect(events.filter((e) => e.type === 'arrived').length).toBe(24);
    expect(crowd.stats.fields).toBeGreaterThanOrEqual(1);
    expect(crowd.stats.plans).toBe(0);
  });

  test('bad options and cells get errors that name them', async () => {
    const crowd = new Crowd<Voxel>({ pool, world });
    expect(crowd.levels).toBe(6);
    expect(crowd.world).toBe(world);
    expect(crowd.agentClasses).toEqual([{ size: 1, capability: 'standing' }]);
    const air = { x: 0, y: 0, z: 5 };
    expect(world.isStanding(air.x, air.y, air.z)).toBe(false);
    expect(() => crowd.addAgent(air)).toThrow('Crowd.addAgent: cell (0, 0, 5) is not a cell an agent stands in');
    expect(() => crowd.addAgent({ x: 0, y: 0, z: 9 })).toThrow('Crowd.addAgent: cell (0, 0, 9) is outside the 48x40x6 world');
    expect(() => crowd.addAgent({ x: 1, y: 1 } as Voxel)).toThrow(/Crowd.addAgent: at must be a cell with integer x, y and z/);
    const id = crowd.addAgent(cells[0]!);
    expect(() => crowd.setGoal(id, { x: 1, y: 2, z: -1 })).toThrow('Crowd.setGoal: goal (1, 2, -1) is outside the 48x40x6 world');
    expect(crowd.passable(cells[0]!.x, cells[0]!.y, cells[0]!.z)).toBe(true);
    expect(crowd.passable(air.x, air.y, air.z)).toBe(false);
    expect(() => crowd.terrain).toThrow('Crowd.terrain: a block world has no terrain bytes: read Crowd.world');
    expect(() => crowd.updateTerrain([])).toThrow("Crowd.updateTerrain: a block world's crowd changes blocks: use Crowd.applyBlockChanges");
    await expect(crowd.setTerrainCosts({ '.': 1 })).rejects.toThrow('Crowd.setTerrainCosts: a block world has no terrain kinds');
    expect(() => crowd.applyBlockChanges([{ x: 99, y: 0, z: 0, block: 'solid' }])).toThrow(/^Crowd\.applyBlockChanges: .*outside/);
    expect(() => new Crowd({ pool, world, map: { width: 1, height: 1, terrain: new Uint8Array(1) } })).toThrow("Crowd: a block world's pool goes with world (a BlockWorld), not map");
    expect(() => new Crowd({ pool })).toThrow("Crowd: world must be the BlockWorld of the pool's world, got undefined");
    using small = hp.BlockWorld.generate({ kind: 'caves', size: { width: 16, height: 16, levels: 2 }, seed: 1 });
    expect(() => new Crowd({ pool, world: small })).toThrow("Crowd: the world is 16x16x2 but the pool's is 48x40x6");
  });
});

describe('the world on the main thread answers the crowd as the rules do', () => {
  test('moveBetween is the oracle\'s move, nearestStanding the nearest standing cell', () => {
    using world = hp.BlockWorld.generate({ kind: 'towers', size: { width: 24, height: 20, levels: 5 }, seed: 2 });
    const rules = WorldBlocks.of(world);
    let legal = 0;
    for (let z = 0; z < world.levels; z++) {
      for (let y = 0; y < world.height; y++) {
        for (let x = 0; x < world.width; x++) {
          for (let dz = -1; dz <= 1; dz++) {
            for (let dy = -1; dy <= 1; dy++) {
              for (let dx = -1; dx <= 1; dx++) {
                const a = { x, y, z }, b = { x: x + dx, y: y + dy, z: z + dz };
                const move = world.moveBetween(a, b);
                const cost = rules.moveCost([a.x, a.y, a.z], [b.x, b.y, b.z]);
                expect(move < 0 ? null : WORLD_MOVES.cost[move], `(${x}, ${y}, ${z}) to (${b.x}, ${b.y}, ${b.z})`).toBe(cost);
                if (cost !== null) legal++;
              }
            }
          }
        }
      }
    }
    expect(legal).toBeGreaterThan(1000);
    const cells = standingCells(world);
    const span = (a: Voxel, b: Voxel) => {
      const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y), dz = Math.abs(a.z - b.z);
      const across = Math.max(dx, dy) + (Math.SQRT2 - 1) * (Math.min(dx, dy) + dz);
      return Math.max(across, dz);
    };
    const random = seeded(2);
    for (let t = 0; t < 200; t++) {
      const from = { x: Math.floor(random() * 24), y: Math.floor(random() * 20), z: Math.floor(random() * 5) };
      const near = world.nearestStanding(from)!;
      expect(world.isStanding(near.x, near.y, near.z)).toBe(true);
      const best = Math.min(...cells.map((c) => span(from, c)));
      expect(span(from, near)).toBeCloseTo(best, 9);
    }
    expect(world.nearestStanding({ x: 0, y: 0, z: 4 }, 0)).toEqual(world.isStanding(0, 0, 4) ? { x: 0, y: 0, z: 4 } : null);
    expect(() => world.nearestStanding({ x: 0, y: 0, z: 0 }, -1)).toThrow(/maxDistance must be 0 or more/);
  });
});
