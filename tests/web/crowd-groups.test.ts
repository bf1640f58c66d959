// Groups (issue 37, item 3): a group of 50 units of two sizes sent to one point arrives spread out, each
// on a cell of its own that its whole square fits and that is reachable from the goal for its class,
// their squares never overlapping, in every formation; orders with bad options are refused by name.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, Crowd, parseMovingAIMap, type Formation, type PathPool, type Point } from '../../web/lib/index';
import { CrowdOracle } from './helpers/crowdOracle';
import { seeded } from './helpers/queries';
import { readMapsFile } from './scenarios';

const MAP = 'den520d.map';
const CLASSES = [
  { size: 1, capability: 'ground' },
  { size: 2, capability: 'ground' },
];
let text: string;
let pool: PathPool;
let oracle: CrowdOracle;

beforeAll(async () => {
  text = readMapsFile(MAP);
  oracle = new CrowdOracle(text);
  pool = await createPathPool({ map: text, agents: CLASSES, hierarchy: { clusterSize: 16 }, workers: 2 });
});

afterAll(async () => {
  await pool?.close();
});

/** `n` agents (every third of size 2) on random cells their squares fit, near `near` and reachable from it. */
function addGroup(crowd: Crowd, n: number, near: Point, seed: number): number[] {
  const random = seeded(seed);
  const floods = CLASSES.map((c) => oracle.flood(c, near));
  expect(floods.map((f) => f.size > 1000)).toEqual([true, true]);
  const ids: number[] = [];
  for (let tries = 0; ids.length < n && tries < 100_000; tries++) {
    const k = ids.length % 3 === 2 ? 1 : 0;
    const x = near.x + Math.floor((random() - 0.5) * 40), y = near.y + Math.floor((random() - 0.5) * 40);
    if (!floods[k]!.has(y * oracle.width + x)) continue;
    ids.push(crowd.addAgent({ x, y }, { agent: CLASSES[k]! }));
  }
  expect(ids.length).toBe(n);
  return ids;
}

describe.each<Formation>(['cluster', 'box', 'line', 'wedge', 'keep'])('formation %s', (formation) => {
  test('50 units sent to one point arrive on cells of their own that fit them, reachable from the goal', async () => {
    const crowd = new Crowd({ pool, map: parseMovingAIMap(text), speed: 40 });
    const ids = addGroup(crowd, 50, { x: 40, y: 165 }, 3);
    const goal = { x: 200, y: 60 };
    const goals = crowd.moveGroup(ids, goal, { formation });
    expect(goals.size).toBe(50);
    const unplaced: number[] = [];
    for (let frame = 0; frame < 3000 && [...crowd.agents()].some((a) => a.state !== 'idle'); frame++) {
      for (const e of crowd.step(1 / 30)) if (e.type === 'unplaced') unplaced.push(e.agent);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(unplaced, 'room near the goal for every unit: none unplaced').toEqual([]);
    const agents = [...crowd.agents()];
    expect(agents.filter((a) => a.state !== 'idle').map((a) => a.id)).toEqual([]);
    const taken = new Map<string, number>();
    for (const a of agents) {
      expect({ x: a.cellX, y: a.cellY }, `agent ${a.id} stands on its goal`).toEqual(goals.get(a.id));
      expect(oracle.fits(a.agent, a.cellX, a.cellY), `agent ${a.id} (size ${a.agent.size}) fits at (${a.cellX}, ${a.cellY})`).toBe(true);
      expect(oracle.reachable(a.agent, goal, { x: a.cellX, y: a.cellY }), `agent ${a.id}: reachable from the goal`).toBe(true);
      for (let y = a.cellY; y < a.cellY + a.agent.size; y++)
        for (let x = a.cellX; x < a.cellX + a.agent.size; x++) {
          const other = taken.get(`${x},${y}`);
          expect(other, `agents ${other} and ${a.id} overlap at (${x}, ${y})`).toBeUndefined();
          taken.set(`${x},${y}`, a.id);
        }
    }
    expect(new Set(agents.map((a) => `${a.cellX},${a.cellY}`)).size).toBeGreaterThanOrEqual(40);
    // The group stands around the goal, as far out as its formation reaches (50 places, 3 cells apart).
    const reach = { cluster: 15, box: 25, keep: 40, line: 90, wedge: 115 }[formation];
    for (const a of agents) expect(Math.hypot(a.cellX - goal.x, a.cellY - goal.y)).toBeLessThan(reach);
  });
});

test('group orders: bad options and ids are refused by name, and nothing is sent', () => {
  const crowd = new Crowd({ pool, map: parseMovingAIMap(text) });
  const ids = addGroup(crowd, 3, { x: 40, y: 165 }, 5);
  expect(() => crowd.moveGroup(ids, { x: 200, y: 60 }, { formation: 'circle' as Formation })).toThrow(/Crowd.moveGroup: option formation must be one of cluster, box, line, wedge, keep/);
  expect(() => crowd.moveGroup(ids, { x: 200, y: 60 }, { spacing: 0 })).toThrow(/Crowd.moveGroup: spacing/);
  expect(() => crowd.moveGroup(ids, { x: 200, y: 60 }, { shape: 'box' } as never)).toThrow(/unknown option "shape"/);
  expect(() => crowd.moveGroup([...ids, 999], { x: 200, y: 60 })).toThrow(RangeError);
  expect(() => crowd.moveGroup(ids, { x: 9999, y: 60 })).toThrow(/outside/);
  for (const id of ids) expect(crowd.agent(id).goal).toBeNull();
});

test('a group bigger than the ground around its goal: each cell taken once, the others reported unplaced', async () => {
  // A 4 × 2 room: 8 cells for 11 units (three pairs stacked where they were added).
  const room = `type octile\nheight 4\nwidth 6\nmap\n@@@@@@\n@....@\n@....@\n@@@@@@\n`;
  const small = await createPathPool({ map: room, workers: 1 });
  try {
    const crowd = new Crowd({ pool: small, map: parseMovingAIMap(room) });
    const cells = [...Array(8).keys()].map((k) => ({ x: 1 + (k % 4), y: 1 + Math.floor(k / 4) }));
    const ids = [...cells, ...cells.slice(0, 3)].map((c) => crowd.addAgent(c));
    const goal = { x: 1, y: 1 };
    const goals = crowd.moveGroup(ids, goal);
    const events = crowd.step(0);
    const unplaced = events.filter((e) => e.type === 'unplaced');
    expect(unplaced.length).toBe(3);
    const placed = ids.filter((id) => !unplaced.some((e) => e.agent === id));
    // Every cell of the room is some placed unit's goal, once; the unplaced units go to the goal itself.
    expect(new Set(placed.map((id) => `${goals.get(id)!.x},${goals.get(id)!.y}`)).size).toBe(8);
    for (const e of unplaced) {
      expect(e.goal).toEqual(goal);
      expect(goals.get(e.agent)).toEqual(goal);
    }
  } finally {
    await small.close();
  }
});
