// The demo's crowd in Node, its pool in shared mode: every plan and segment comes from the pool, each
// agent walks after one plan (no plan is asked for again without a reason), and a wall across the map
// makes the agents whose routes it cuts plan again, through the pool, until they walk again.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadHpastar, type Grid, type HPAStar } from '../../web/lib/index';
import { componentLabels } from '../../web/lib/inspect';
import { Crowd } from '../../web/demo/crowd';
import { readMapsFile } from './scenarios';

const AGENTS = 200;
let grid: Grid;
let planner: HPAStar;

beforeAll(async () => {
  const hp = await loadHpastar();
  grid = hp.Grid.fromMovingAI(readMapsFile('den520d.map'), 'den520d.map');
  planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
});

afterAll(() => {
  planner.dispose();
  grid.dispose();
});

/** Runs frames of 1/30 s (the pool answers between them) until `done` or `limit` frames. */
async function runUntil(crowd: Crowd, done: () => boolean, limit: number): Promise<number> {
  for (let frame = 1; frame <= limit; frame++) {
    crowd.update(1 / 30);
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (done()) return frame;
  }
  return limit;
}

test('every agent walks after its first plan from the pool; a wall makes the cut-off agents plan again', async () => {
  const terrain = grid.terrain();
  // As in the demo: the goals' components from the planner, which takes the same edits as the crowd.
  const crowd = await Crowd.start(planner, terrain, () => componentLabels(planner).labels, { seed: 3 });
  const warnings: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args);
  try {
    crowd.speed = 20;
    crowd.setCount(AGENTS);
    const m = crowd.metrics;
    expect(m.poolMode).toBe('shared');
    await runUntil(crowd, () => m.walking + m.waiting === AGENTS, 600);
    expect(m.walking + m.waiting).toBe(AGENTS);
    expect(m.totalPlans).toBeGreaterThanOrEqual(AGENTS);
    await runUntil(crowd, () => m.arrivals >= 20, 2000);
    expect(m.arrivals).toBeGreaterThanOrEqual(20);
    expect(m.totalSegments).toBeGreaterThan(0);
    expect(m.replans).toBe(0);
    // Without edits, a plan is asked for once per agent, then once per arrival (the last ones may be
    // in flight).
    expect(m.totalPlans).toBeLessThanOrEqual(AGENTS + m.arrivals);
    expect(m.totalPlans).toBeGreaterThanOrEqual(AGENTS + m.arrivals - 20);

    // A wall across the whole map, written into the terrain first, as the demo does.
    const y = Math.floor(crowd.height / 2);
    const edits = [];
    for (let x = 0; x < crowd.width; x++) {
      terrain[y * crowd.width + x] = '@'.charCodeAt(0);
      edits.push({ x, y, terrain: '@' });
    }
    const plansBefore = m.totalPlans;
    planner.applyEdits(edits);
    crowd.applyEdits(edits);
    await runUntil(crowd, () => m.lastUpdateMs > 0 && m.walking + m.waiting === AGENTS && m.totalPlans > plansBefore, 600);
    expect(m.replans).toBeGreaterThan(0);
    expect(m.totalPlans).toBeGreaterThan(plansBefore);
    expect(m.lastUpdateMs).toBeGreaterThan(0);
    expect(m.walking + m.waiting).toBe(AGENTS);
    expect(warnings).toEqual([]);
  } finally {
    console.warn = warn;
    await crowd.close();
  }
});

test('mixed units: three classes, a pool each; every agent stands where its square fits, through a wall across the map', async () => {
  const terrain = grid.terrain();
  const crowd = await Crowd.start(planner, terrain, () => componentLabels(planner).labels, { seed: 5, units: 'mixed' });
  try {
    crowd.speed = 20;
    crowd.setCount(90);
    const m = crowd.metrics;
    expect(m.classes).toEqual(['size 1 ground,swamp,trees', 'size 2 ground,swamp', 'size 3 ground,swamp']);
    await runUntil(crowd, () => m.arrivals >= 15, 3000);
    expect(m.arrivals).toBeGreaterThanOrEqual(15);
    expect(m.misplaced).toBe(0);
    // A wall across the map (a gap at each end): every class snaps and plans again by its own square.
    const y = Math.floor(crowd.height / 2);
    const edits = [];
    for (let x = 3; x < crowd.width - 3; x++) {
      terrain[y * crowd.width + x] = '@'.charCodeAt(0);
      edits.push({ x, y, terrain: '@' });
    }
    planner.applyEdits(edits);
    crowd.applyEdits(edits);
    const arrived = m.arrivals;
    await runUntil(crowd, () => m.lastUpdateMs > 0 && m.arrivals >= arrived + 15, 3000);
    expect(m.misplaced).toBe(0);
    expect(m.arrivals).toBeGreaterThanOrEqual(arrived + 15);
  } finally {
    await crowd.close();
  }
});
