// A crowd on a block world walking any-angle lines (issue 35 item 2, issue 37 item 1): with pathShape
// 'any-angle', agents on several floors reach their goals walking straight lines on each floor and the
// world's moves between floors; at every frame each agent on a floor stands where its square covers only
// standing cells (the test's own check), and the corners still ahead of it are legal lines and moves
// (helpers/worldLines.ts); they walk less than the same agents in grid mode; blocks placed across their
// lines make them plan again, with every position still legal; with avoidance, two agents (cubes of one
// block) overlap only while one is flagged passing, for a second at most; the options that cannot work
// are refused by name.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorldPool, Crowd, loadHpastar, type BlockWorld, type CrowdEvent, type Hpastar, type Voxel, type WorldPathPool } from '../../web/lib/index';
import { seeded } from './helpers/queries';
import { cornersProblem } from './helpers/worldLines';
import { WorldBlocks } from './helpers/worldRules';
import { standingCells } from './helpers/worlds';

const GENERATE = { kind: 'hills', size: { width: 48, height: 40, levels: 6 }, seed: 4 } as const;
const OPTIONS = { clusterSide: 8, clusterLevels: 3 } as const;
const DT = 0.05;

let hp: Hpastar;
let world: BlockWorld;
let pool: WorldPathPool;
let cells: Voxel[];

beforeAll(async () => {
  hp = await loadHpastar();
  world = hp.BlockWorld.generate(GENERATE);
  pool = await createWorldPool({ world, hierarchy: OPTIONS, workers: 2 });
  cells = standingCells(world);
});
afterAll(async () => {
  await pool.close();
  world.dispose();
});

/** "" or why an agent at (x, y) on floor z (integer) is not where a one-block agent may stand: its square [x, x + 1]² must cover standing cells only. */
function positionProblem(rules: WorldBlocks, x: number, y: number, z: number): string {
  const eps = 1e-7;
  for (let cy = Math.floor(y + eps); cy < y + 1 - eps; cy++)
    for (let cx = Math.floor(x + eps); cx < x + 1 - eps; cx++) if (!rules.standing(cx, cy, z)) return `(${x.toFixed(3)}, ${y.toFixed(3)}) on floor ${z} covers (${cx}, ${cy}), where no agent stands`;
  return '';
}

/** Runs the crowd, checking every agent's position and the corners ahead of it at every frame; returns the events and the distance walked. */
async function run(crowd: Crowd<Voxel>, w: BlockWorld, frames: number, onFrame?: (frame: number) => Promise<void>): Promise<{ events: CrowdEvent<Voxel>[]; walked: number; floorChanges: number }> {
  const events: CrowdEvent<Voxel>[] = [];
  let rules = WorldBlocks.of(w);
  let version = w.version;
  const last = new Map<number, [number, number, number]>();
  let walked = 0, floorChanges = 0;
  for (let frame = 0; frame < frames && ![...crowd.agents()].every((a) => a.state === 'idle'); frame++) {
    if (onFrame) await onFrame(frame);
    if (w.version !== version) [rules, version] = [WorldBlocks.of(w), w.version];
    const now = crowd.step(DT);
    events.push(...now);
    const snapped = new Set(now.filter((e) => e.type === 'snapped').map((e) => e.agent));
    for (const a of crowd.agents()) {
      expect(rules.standing(a.cellX, a.cellY, a.cellZ), `agent ${a.id}'s cell`).toBe(true);
      if (Number.isInteger(a.z)) expect(positionProblem(rules, a.x, a.y, a.z), `agent ${a.id}, frame ${frame}`).toBe('');
      const route = crowd.routeOf(a.id);
      if (route) expect(cornersProblem(rules, route.cells), `agent ${a.id}'s corners ahead, frame ${frame}`).toBe('');
      const before = last.get(a.id);
      if (before && !snapped.has(a.id)) walked += Math.hypot(a.x - before[0], a.y - before[1], a.z - before[2]);
      if (before && Number.isInteger(a.z) && a.z !== before[2]) floorChanges++;
      last.set(a.id, [a.x, a.y, a.z]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { events, walked, floorChanges };
}

/** 30 agents with goals they reach, the same for every crowd of the seed. */
function addAgents(crowd: Crowd<Voxel>, w: BlockWorld, seed: number): Map<number, Voxel> {
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  const goals = new Map<number, Voxel>();
  while (goals.size < 30) {
    const [at, goal] = [pick(), pick()];
    if (!w.isReachable(at, goal) || (at.x === goal.x && at.y === goal.y && at.z === goal.z)) continue;
    goals.set(crowd.addAgent(at, { goal }), goal);
  }
  return goals;
}

describe('a block world crowd walking any-angle lines', () => {
  test('agents reach their goals over floors, every position and line legal, walking less than in grid mode', async () => {
    const lines = new Crowd<Voxel>({ pool, world, speed: 8, pathShape: 'any-angle' });
    const goals = addAgents(lines, world, 5);
    const { events, walked, floorChanges } = await run(lines, world, 4000);
    expect(floorChanges).toBeGreaterThan(10);
    const arrived = events.filter((e) => e.type === 'arrived');
    expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
    expect(arrived.length).toBe(goals.size);
    for (const e of arrived) expect(e.goal).toEqual(goals.get(e.agent));
    for (const a of lines.agents()) expect({ x: a.cellX, y: a.cellY, z: a.cellZ }).toEqual(goals.get(a.id));
    expect(lines.stats.refusedSteps).toBe(0);

    const cellsCrowd = new Crowd<Voxel>({ pool, world, speed: 8, flowFieldAgents: Infinity });
    addAgents(cellsCrowd, world, 5);
    const grid = await run(cellsCrowd, world, 4000);
    expect(grid.events.filter((e) => e.type === 'arrived').length).toBe(goals.size);
    expect(walked).toBeLessThan(0.99 * grid.walked);
  });

  test('blocks placed across the lines ahead make agents plan again; no agent stands or walks where it may not', async () => {
    await using edited = await createWorldPool({ generate: GENERATE, hierarchy: OPTIONS, workers: 2 });
    using mine = hp.BlockWorld.generate(GENERATE);
    const crowd = new Crowd<Voxel>({ pool: edited, world: mine, speed: 6, pathShape: 'any-angle' });
    addAgents(crowd, mine, 9);
    let changed = 0;
    const { events } = await run(crowd, mine, 3000, async (frame) => {
      if (frame % 8 !== 3) return;
      // A solid block on a cell the line under way of a walking agent crosses, a few cells ahead of it.
      const walking = [...crowd.agents()].filter((a) => a.state === 'walking' && Number.isInteger(a.z));
      const a = walking[frame % Math.max(1, walking.length)];
      const ahead = a && crowd.routeOf(a.id)?.cells;
      if (!a || !ahead || ahead[2] !== a.cellZ) return;
      const t = Math.min(1, 3 / Math.max(1, Math.hypot(ahead[0]! - a.x, ahead[1]! - a.y)));
      const at = { x: Math.round(a.x + (ahead[0]! - a.x) * t), y: Math.round(a.y + (ahead[1]! - a.y) * t), z: a.cellZ };
      if (at.x === a.cellX && at.y === a.cellY) return;
      await crowd.applyBlockChanges([{ ...at, block: 'solid' }]);
      changed++;
    });
    expect(changed).toBeGreaterThan(5);
    expect(edited.version).toBe(mine.version);
    expect(events.some((e) => e.type === 'replanned' && e.reason === 'wall')).toBe(true);
    // (run() checked every frame that each agent stands where it may, and every line ahead of it.)
    for (const a of crowd.agents()) expect(a.stillSeconds).toBeLessThan(2);
  });

  test('with avoidance: squares overlap only while an agent is flagged passing, for a second at most; every position legal; all arrive', async () => {
    const crowd = new Crowd<Voxel>({ pool, world, speed: 8, pathShape: 'any-angle', avoidance: true });
    // Many agents sent across one hill: their lines and climbs cross.
    const goals = addAgents(crowd, world, 13);
    const since = new Map<string, number>();
    let longest = 0, unflagged = 0, overlapFrames = 0;
    const { events } = await run(crowd, world, 6000, async (frame) => {
      const agents = [...crowd.agents()];
      let any = false;
      for (let i = 0; i < agents.length; i++)
        for (let j = i + 1; j < agents.length; j++) {
          const a = agents[i]!, b = agents[j]!;
          const overlap = (p: number, q: number) => Math.min(p, q) + 1 - Math.max(p, q);
          const key = `${a.id}-${b.id}`;
          if (overlap(a.x, b.x) > 1e-6 && overlap(a.y, b.y) > 1e-6 && overlap(a.z, b.z) > 1e-6) {
            any = true;
            if (!a.overlapping && !b.overlapping) unflagged++;
            if (!since.has(key)) since.set(key, frame);
            longest = Math.max(longest, (frame - since.get(key)! + 1) * DT);
          } else since.delete(key);
        }
      if (any) overlapFrames++;
    });
    expect(unflagged).toBe(0);
    expect(longest).toBeLessThanOrEqual(1);
    expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
    expect(events.filter((e) => e.type === 'arrived').length).toBe(goals.size);
    // (An agent sent back to its nearest anchor may find the line from there to its corner refused: it
    // plans again, counted in refusedSteps; run() checked it never walked one.)
    expect(overlapFrames + crowd.stats.sidesteps).toBeGreaterThan(0); // agents did meet: they stepped round one another or passed
  });

  test('what lines on a block world cannot do is refused by name', () => {
    const crowd = new Crowd<Voxel>({ pool, world, pathShape: 'any-angle' });
    const [c] = cells;
    expect(() => crowd.applyCostChanges([{ ...c!, value: 32 }])).toThrow(/this crowd walks any-angle lines .* its world must stay without a cost layer \(every value 16\)/);
    expect(world.costLayer()).toBeNull();
  });
});
