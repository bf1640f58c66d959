// Type-checked (not run) by tests/package/run.mjs with the consumer's own tsconfig (strict, no
// skipLibCheck): the package's typings must be complete and resolve through its "exports".
import {
  createPathPool,
  Crowd,
  isPassableTerrain,
  loadHpastar,
  parseMovingAIMap,
  TERRAIN,
  type MovingAIMap,
  type PathPool,
  type PathResult,
  type Point,
  type ShpaOptions,
  type TerrainKindInfo,
} from 'hpastar';
import { loadHpastar as loadInline } from 'hpastar/inline';
import { abstractGraph, clusterRects, traceSearch, type AbstractGraph, type TracedPath } from 'hpastar/inspect';
import den520d from 'hpastar/maps/den520d.map.js';

/** The shipped map as a module, read without a module, a pool from it, and terrain in bulk. */
export async function terrainInOnePlace(): Promise<number> {
  const text: string = den520d;
  const map: MovingAIMap = parseMovingAIMap(text, 'den520d.map');
  const water: TerrainKindInfo = TERRAIN.kinds[2]!;
  const pool: PathPool = await createPathPool({ map, hierarchy: { clusterSize: 16 } });
  const fromText: PathPool<'shpa'> = await createPathPool({ algorithm: 'shpa', map: text });
  const hp = await loadHpastar();
  using grid = hp.Grid.fromTerrain(map.terrain, map.width, map.height);
  const passable: Uint8Array = grid.passableRect(0, 0, 16, 16);
  const codes: Uint8Array = grid.terrainRect();
  await pool.close();
  await fromText.close();
  return passable.length + codes.length + (water.passable ? 1 : 0) + (isPassableTerrain(codes[0]!) ? 1 : 0);
}

export async function demo(mapText: string): Promise<number> {
  const hp = await loadHpastar();
  using grid = hp.Grid.fromMovingAI(mapText, 'x.map');
  using planner = hp.HPAStar.build(grid, { clusterSize: 10, levels: 2 });
  const start: Point = { x: 1, y: 2 };
  const path: PathResult = planner.findPath(start, { x: 20, y: 9 });
  const cells: Int32Array = path.cells;
  const options: ShpaOptions = { maxClusterSide: 16, edgeWeight: 'octile' };
  using shpa = hp.SHPAStar.build(grid, options);
  const pool: PathPool = await createPathPool({ grid, hierarchy: { levels: 2 } });
  const shpaPool: PathPool<'shpa'> = await createPathPool({ planner: shpa });
  const batch = await pool.findPaths(new Int32Array([1, 2, 20, 9]), { signal: AbortSignal.timeout(1000) });
  const clusters: number = shpaPool.stats.clusters + pool.stats.levels.length + pool.options.clusterSize;
  const graph: AbstractGraph = abstractGraph(planner, 1);
  const traced: TracedPath = traceSearch(planner, start, { x: 20, y: 9 });
  const drawn: number = clusterRects(planner, 2).rects.length + graph.edgeFrom.length + traced.searches.length;
  await pool.close();
  await shpaPool.close();
  const hi = await loadInline();
  hi.Grid.fromTerrain('..', 2, 1).dispose();
  return cells.length + batch.count + clusters + drawn + path.stats.expandedMain;
}

/** Agent classes: a grid made for a 2 x 2 unit, its planner, a pool built for a class from the map, a mixed crowd. */
export async function agentClasses(mapText: string): Promise<number> {
  const hp = await loadHpastar();
  using grid = hp.Grid.fromMovingAI(mapText, 'x.map');
  using tankGrid = hp.Grid.forAgent(grid, { size: 2, capability: ['ground', 'swamp'] });
  using tanks = hp.HPAStar.build(tankGrid);
  const side: number = tanks.agent.size + tankGrid.agent.size;
  const map = parseMovingAIMap(mapText, 'x.map');
  const tankPool: PathPool = await createPathPool({ planner: tanks });
  const infantry: PathPool = await createPathPool({ map, agent: { size: 1, capability: 'ground,trees' } });
  const crowd = new Crowd({ pools: [infantry, tankPool], map });
  const id: number = crowd.addAgent({ x: 1, y: 2 }, { agent: { size: 2, capability: 'ground,swamp' } });
  const capability: string = crowd.agent(id).agent.capability + tankPool.agent.capability;
  await Promise.all([tankPool.close(), infantry.close()]);
  return side + capability.length;
}

