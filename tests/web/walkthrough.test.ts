// The data the Learn page teaches from, over the built wasm in Node: HPAStar.entrances and
// clusterBuild against the hierarchy's own figures, a traced query's refined path, segments and
// smoothing, and the walkthrough's steps (web/demo/learn/walkthrough.ts): phases in order, counts that
// only grow and end at the query's own statistics.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type Hpastar } from '../../web/lib/index';
import { clusterBuild, entrances, nodeTree, traceSearch } from '../../web/lib/inspect';
import { TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { measureTreeCost, pickShortQuery, shortCounts } from '../../web/demo/learn/tradeoffs';
import { makeSteps, PHASES, readWalkthrough, shownOf } from '../../web/demo/learn/walkthrough';

let hp: Hpastar;

beforeAll(async () => {
  hp = await loadHpastar();
});

describe('the walkthrough on its 40 × 40 map', () => {
  test('entrances and cluster builds add up to the hierarchy figures', () => {
    const grid = hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
    const planner = hp.HPAStar.build(grid, hp.HPAStar.defaultOptions);
    const e = entrances(planner);
    expect(e.entrances.length / 4).toBe(planner.stats.entrances);
    expect(e.firstTransition.length).toBe(e.entrances.length / 4 + 1);
    expect(e.firstTransition.at(-1)).toBe(e.transitions.length / 4);
    let intra = 0;
    for (let c = 0; c < 16; c++) intra += clusterBuild(planner, c).edgeFrom.length;
    expect(intra).toBe(planner.stats.levels[0]!.intraEdges);
    expect(() => clusterBuild(planner, 16)).toThrow(/cluster 16 is not a level-1 cluster \(0 to 15\)/);
    planner.dispose();
    grid.dispose();
  });

  test('steps run through every phase in order, counts grow and end at the query statistics', () => {
    const grid = hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
    const planner = hp.HPAStar.build(grid, hp.HPAStar.defaultOptions);
    const search = new hp.AStar();
    const astar = traceSearch(search, grid, TEACH_START, TEACH_GOAL);
    const data = readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, astar, { short: pickShortQuery(planner, grid, search) });
    const steps = makeSteps(data);
    // Every phase but DHPA*'s own (its trees, where its search stops).
    const order: string[] = PHASES.map((p) => p.id).filter((id) => id !== 'trees' && id !== 'termination');
    expect(new Set(steps.map((s) => s.phase))).toEqual(new Set(order));
    for (let i = 1; i < steps.length; i++) {
      const a = steps[i - 1]!, b = steps[i]!;
      expect(order.indexOf(b.phase)).toBeGreaterThanOrEqual(order.indexOf(a.phase));
      expect(b.counts.sg).toBeGreaterThanOrEqual(a.counts.sg);
      expect(b.counts.main).toBeGreaterThanOrEqual(a.counts.main);
      expect(b.counts.refinement).toBeGreaterThanOrEqual(a.counts.refinement);
    }
    // Insertion searches grow over several steps, from their endpoint (Dijkstra: nearest first).
    const insertion = data.traced.searches.filter((s) => s.phase === 'insertion');
    expect(Array.from(insertion[0]!.closed.slice(0, 2))).toEqual([TEACH_START.x, TEACH_START.y]);
    expect(Array.from(insertion[1]!.closed.slice(0, 2))).toEqual([TEACH_GOAL.x, TEACH_GOAL.y]);
    expect(steps.filter((s) => s.phase === 'insertion').length).toBeGreaterThan(insertion.length);
    // One step per cluster while building intra-edges; the abstract search one node a step (small search).
    expect(steps.filter((s) => s.phase === 'intra-edges')).toHaveLength(16);
    const stats = planner.findPath(TEACH_START, TEACH_GOAL).stats;
    expect(steps.filter((s) => s.phase === 'abstract')).toHaveLength(stats.expandedMain);
    const last = steps.at(-1)!;
    expect(last.counts).toEqual({ sg: stats.expandedInsertion, main: stats.expandedMain, refinement: stats.expandedRefinement });
    const shown = shownOf(last, data);
    expect(shown.intraEdges).toBe(planner.stats.levels[0]!.intraEdges);
    expect(shown.pathCells).toBe(data.traced.path.cells.length / 2);
    // The refined path is cut into one segment per abstract edge.
    expect(data.traced.segmentEnds).toHaveLength(stats.abstractPathNodes - 1);
    expect(data.traced.segmentEnds.at(-1)).toBe(data.traced.refined.length / 2 - 1);
    // Plain A* floods the dead-end room: many more expansions than HPA*'s abstract search.
    expect(astar.path.stats.expandedMain).toBeGreaterThan(3 * (stats.expandedInsertion + stats.expandedMain));
    // The short query: a few cells apart, where plain A* expands fewer nodes than HPA* (each search's own figures).
    const q = data.short!;
    expect(Math.max(Math.abs(q.goal.x - q.start.x), Math.abs(q.goal.y - q.start.y))).toBeLessThanOrEqual(4);
    const c = shortCounts(q);
    const hpa = planner.findPath(q.start, q.goal);
    expect(c).toEqual({ insertion: hpa.stats.expandedInsertion, abstract: hpa.stats.expandedMain, refinement: hpa.stats.expandedRefinement, hpa: hpa.expanded, astar: search.findPath(grid, q.start, q.goal).expanded });
    expect(c.hpa).toBeGreaterThan(c.astar);
    const shortStep = steps.find((s) => s.phase === 'short')!;
    expect(shortStep.title).toContain(`${c.hpa} expansions against ${c.astar}`);
    expect(shownOf(shortStep, data).shortPathCells).toBe(hpa.cells.length / 2);
    planner.dispose();
    grid.dispose();
  });

  test('DHPA*: the stored tree of a node the start joins, no insertion search, counts equal the query statistics', () => {
    const grid = hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
    const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, cacheTrees: true });
    const astar = traceSearch(new hp.AStar(), grid, TEACH_START, TEACH_GOAL);
    const data = readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, astar);
    const tree = data.tree!;
    const [x0, y0, x1, y1] = tree.area;
    expect(tree.distance).toHaveLength((x1! - x0!) * (y1! - y0!));
    // The node's own cell is at 0; every arrow leads to a neighbour one move nearer (its distance lower by 1 or √2).
    const w = x1! - x0!;
    const at = (x: number, y: number) => (y - y0!) * w + (x - x0!);
    expect(tree.distance[at(tree.node.x, tree.node.y)]).toBe(0);
    const dx = [0, 1, 1, 1, 0, -1, -1, -1], dy = [-1, -1, 0, 1, 1, 1, 0, -1];
    let arrows = 0;
    for (let i = 0; i < tree.distance.length; i++) {
      const dir = tree.direction[i]!;
      if (dir < 0) continue;
      arrows++;
      const x = x0! + (i % w) + dx[dir]!, y = y0! + Math.floor(i / w) + dy[dir]!;
      expect(grid.passable(x, y)).toBe(true);
      expect(tree.distance[i]! - tree.distance[at(x, y)]!).toBeCloseTo(dir % 2 ? Math.SQRT2 : 1, 2);
    }
    expect(arrows).toBeGreaterThan(50);
    const steps = makeSteps(data);
    const treeStep = steps.find((s) => s.tree)!;
    expect(treeStep.phase).toBe('insertion');
    expect(shownOf(treeStep, data).treeArrows).toBe(arrows);
    const stats = planner.findPath(TEACH_START, TEACH_GOAL).stats;
    expect(stats.expandedInsertion).toBe(0); // start and goal in different clusters: read from the trees
    expect(steps.at(-1)!.counts).toEqual({ sg: 0, main: stats.expandedMain, refinement: stats.expandedRefinement });
    // The trade-off: the trees' bytes against the rest, and insertion with and without them.
    const plain = hp.HPAStar.build(grid, hp.HPAStar.defaultOptions);
    const cost = measureTreeCost(planner, plain, TEACH_START, TEACH_GOAL);
    expect(cost.treeBytes).toBe(planner.stats.optionalBytes.trees);
    expect(cost.otherBytes).toBe(plain.stats.bytes); // the hierarchy without trees is the plain one
    expect(cost).toMatchObject({ insertionWith: 0, insertionWithout: plain.findPath(TEACH_START, TEACH_GOAL).stats.expandedInsertion });
    expect(cost.insertionWithout).toBeGreaterThan(0);
    plain.dispose();
    const withCost = makeSteps(readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, astar, { treeCost: cost }));
    const costStep = withCost.find((s) => s.phase === 'trees')!;
    expect(withCost[withCost.indexOf(costStep) - 1]!.phase).toBe('insertion');
    expect(costStep.text).toContain(`${cost.treeBytes} bytes`);
    expect(() => nodeTree(hp.HPAStar.build(grid, hp.HPAStar.defaultOptions), tree.node)).toThrow(/keeps no trees/);
    expect(() => nodeTree(planner, { x: 5, y: 5 })).toThrow(/5,5 is not a node/);
    planner.dispose();
    grid.dispose();
  });

  test('DHPA*: where the search stops, on 1 and 2 levels: the paper\'s stop is the first expanded node in the goal\'s cluster of the level searched, before the goal', () => {
    const grid = hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
    for (const levels of [1, 2]) {
      const planner = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 10, levels, cacheTrees: true });
      const astar = traceSearch(new hp.AStar(), grid, TEACH_START, TEACH_GOAL);
      const data = readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, astar);
      const t = data.termination!;
      const closed = traceSearch(planner, TEACH_START, TEACH_GOAL).searches.find((s) => s.phase === 'abstract')!.closed;
      expect(t.expanded).toBe(planner.findPath(TEACH_START, TEACH_GOAL).stats.expandedMain);
      const [x0, y0, x1, y1] = t.goalCluster;
      expect(TEACH_GOAL.x >= x0 && TEACH_GOAL.x < x1 && TEACH_GOAL.y >= y0 && TEACH_GOAL.y < y1).toBe(true);
      expect(x1 - x0).toBe(levels === 1 ? 10 : 20); // a level-2 cluster is 2 × 2 level-1 ones
      const k = t.paperExpanded - 1;
      expect(k).toBeGreaterThanOrEqual(0);
      expect({ x: closed[2 * k], y: closed[2 * k + 1] }).toEqual(t.paperStop);
      for (let i = 0; i < k; i++) expect(closed[2 * i]! >= x0 && closed[2 * i]! < x1 && closed[2 * i + 1]! >= y0 && closed[2 * i + 1]! < y1).toBe(false);
      expect(t.stopReachesGoal === null).toBe(levels > 1);
      const steps = makeSteps(data);
      const at = steps.findIndex((s) => s.phase === 'termination');
      expect(steps[at - 1]!.phase).toBe('abstract');
      expect(steps[at + 1]!.phase).toBe('refinement');
      expect(steps[at]!.title).toContain(`(here, ${t.expanded})`);
      planner.dispose();
    }
    grid.dispose();
  });
});
