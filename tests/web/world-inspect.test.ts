// A block world's abstract graph through the inspection entry (`abstractGraph` of a WorldHPAStar),
// against the planner's stats and an independent reading of the rules (helpers/worldRules.ts): nodes on
// standing cells, each edge once, single-move edges costing their move, and each edge's kind from the
// level's cluster boxes and its ends' floors.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type BlockWorld, type Hpastar } from '../../web/lib/index';
import { abstractGraph, clusterBoxes, EDGE_KINDS, type WorldAbstractGraph } from '../../web/lib/inspect';
import { WorldBlocks } from './helpers/worldRules';
import { worldText } from './helpers/worlds';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

// The box (an index into clusterBoxes' list) holding cell (x, y, z).
function boxOf(boxes: Int32Array, x: number, y: number, z: number): number {
  for (let b = 0; b < boxes.length / 6; b++) {
    const [x0, y0, z0, x1, y1, z1] = boxes.subarray(6 * b, 6 * b + 6) as unknown as number[];
    if (x >= x0! && x < x1! && y >= y0! && y < y1! && z >= z0! && z < z1!) return b;
  }
  return -1;
}

const cellOf = (g: WorldAbstractGraph, i: number): [number, number, number] => [g.nodes[3 * i]!, g.nodes[3 * i + 1]!, g.nodes[3 * i + 2]!];

describe('abstractGraph of a block world', () => {
  test('every level holds the hierarchy\'s nodes and edges, each edge of its kind', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 40, height: 36, levels: 8 }, seed: 5 });
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 6, clusterLevels: 2, levels: 2 });
    const blocks = WorldBlocks.of(world);
    const kinds = new Map<number, number>();
    planner.stats.levels.forEach((stats, l) => {
      const g = abstractGraph(planner, l + 1);
      const boxes = clusterBoxes(planner, l + 1);
      expect(g.level).toBe(l + 1);
      expect(g.nodes.length).toBe(3 * stats.nodes);
      expect([g.nodeIds.length, g.nodeLevels.length]).toEqual([stats.nodes, stats.nodes]);
      expect(2 * g.edgeFrom.length).toBe(stats.edges);
      for (let i = 0; i < g.nodeIds.length; i++) {
        expect(blocks.standing(...cellOf(g, i))).toBe(true);
        expect(g.nodeLevels[i]).toBeGreaterThanOrEqual(l + 1);
      }
      const pairs = new Set<string>();
      let crossing = 0;
      for (let e = 0; e < g.edgeFrom.length; e++) {
        const a = cellOf(g, g.edgeFrom[e]!), b = cellOf(g, g.edgeTo[e]!);
        expect(g.nodeIds[g.edgeFrom[e]!]!).toBeLessThan(g.nodeIds[g.edgeTo[e]!]!);
        pairs.add(`${g.edgeFrom[e]}-${g.edgeTo[e]}`);
        const across = boxOf(boxes, ...a) !== boxOf(boxes, ...b);
        const kind = !across ? EDGE_KINDS.intra : a[2] === b[2] ? EDGE_KINDS.inter : EDGE_KINDS.vertical;
        expect(g.edgeKind[e]).toBe(kind);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (across) {
          crossing++;
          // An edge across a border is one move: its cost is the rules'.
          expect(g.edgeCost[e]).toBeCloseTo(blocks.moveCost(a, b)!, 5);
        } else {
          expect(g.edgeCost[e]).toBeGreaterThan(0);
        }
      }
      expect(pairs.size).toBe(g.edgeFrom.length);
      if (l === 0) expect(crossing).toBe(planner.stats.transitions);
    });
    // Caves climb between floors across box tops and sides: all three kinds show.
    expect([...kinds.keys()].sort()).toEqual([0, 1, 2]);
  });

  test('a ladder through the tops of one-level boxes is a vertical edge, and a bad level is a RangeError', () => {
    // The only way from level 0 up is the rung from (1, 0, 0) to (1, 0, 1).
    using world = hp.BlockWorld.parse(worldText([['.H#', '###'], ['#H#', '###'], ['...', '...']]));
    using planner = hp.WorldHPAStar.build(world, { clusterSide: 2, clusterLevels: 1, levels: 2 });
    const g = abstractGraph(planner, 1);
    const links: string[] = [];
    for (let e = 0; e < g.edgeFrom.length; e++) {
      const a = cellOf(g, g.edgeFrom[e]!), b = cellOf(g, g.edgeTo[e]!);
      if (g.edgeKind[e] !== EDGE_KINDS.vertical) continue;
      expect(Math.abs(a[2] - b[2])).toBe(1);
      links.push([a.join(), b.join()].sort().join('>'));
    }
    expect(links).toContain('1,0,0>1,0,1');
    expect(() => abstractGraph(planner, 0)).toThrow(new RangeError('abstractGraph: level 0 is not a level of this hierarchy (1 to 2)'));
    expect(() => abstractGraph(planner, 3)).toThrow(RangeError);
    expect(() => abstractGraph(world as never, 1)).toThrow(TypeError);
  });
});
