// The HAA* walkthrough's compaction and insertion steps (web/demo/learn/haaAbstraction.ts) in Node: the
// examples on the walkthrough's own map, and a map too large for the two extra hierarchies, where the
// steps say what they did not measure instead of building them.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type Hpastar } from '../../web/lib/index';
import { borderCrossings } from '../../web/lib/inspect';
import { EXTRA_BUILD_CELLS, insertionText, readHaaAbstraction, strongText, weakText, within } from '../../web/demo/learn/haaAbstraction';
import { HAA_CLUSTER, HAA_GOAL, HAA_START, haaMapText } from '../../web/demo/learn/teachMap';

let hp: Hpastar;
beforeAll(async () => void (hp = await loadHpastar()));

describe('HAA* compaction and insertion steps', () => {
  test('within: a capability whose terrains are all in the other\'s', () => {
    const caps = ['ground', 'water', 'ground,water'];
    expect(within(caps, 0, 2)).toBe(true);
    expect(within(caps, 2, 0)).toBe(false);
    expect(within(caps, 1, 0)).toBe(false);
    expect(within(caps, 1, 1)).toBe(true);
  });

  test('the walkthrough\'s map: an example of each dominance, the insertion measured for sizes 1 and 2', () => {
    const grid = hp.Grid.fromMovingAI(haaMapText(), 'haa10.map');
    const planner = hp.HAAStar.build(grid, { clusterSize: HAA_CLUSTER, maxSize: 3 });
    const a = readHaaAbstraction(hp, planner, grid, borderCrossings(planner), 'ground', HAA_START, HAA_GOAL);
    expect(a.measured).toBe(true);
    expect(a.strong).not.toBeNull();
    expect(a.weak).not.toBeNull();
    // Strong dominance keeps an edge at the same transition; weak, one at another transition.
    expect(a.strong!.by.cells).toEqual(a.strong!.dropped.cells);
    expect(a.weak!.by.cells).not.toEqual(a.weak!.dropped.cells);
    expect(a.insertion.map((r) => r.size)).toEqual([1, 2]);
    for (const r of a.insertion) expect(r.costSearches).toBeCloseTo(r.cost, 9);
    expect(strongText(a, planner.capabilities).title).toBe(`Strong dominance: ${planner.stats.initial.interEdges} inter-edges become ${planner.stats.high.interEdges}`);
    planner.dispose();
    grid.dispose();
  });

  test('a map over EXTRA_BUILD_CELLS: no extra hierarchy, the steps say so', () => {
    const side = Math.ceil(Math.sqrt(EXTRA_BUILD_CELLS)) + 2;
    const rows = Array.from({ length: side }, (_, y) => (y === side / 2 ? '.'.repeat(side - 8) + '@'.repeat(8) : '.'.repeat(side)));
    const grid = hp.Grid.fromMovingAI(`type octile\nheight ${side}\nwidth ${side}\nmap\n${rows.join('\n')}\n`, 'big.map');
    const planner = hp.HAAStar.build(grid, { clusterSize: 16, maxSize: 3 });
    const a = readHaaAbstraction(hp, planner, grid, borderCrossings(planner), 'ground', { x: 1, y: 1 }, { x: side - 2, y: side - 2 });
    expect(a.measured).toBe(false);
    expect(a.weak).toBeNull();
    expect(a.insertion).toEqual([]);
    expect(a.interEdges.low).toBe(planner.stats.low.interEdges);
    expect(weakText(a, planner.capabilities).text).toMatch(/does not build the low-quality graph/);
    expect(insertionText(a).text).toMatch(/not measured on a map this large/);
    planner.dispose();
    grid.dispose();
  });
});
