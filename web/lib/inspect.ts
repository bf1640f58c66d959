/**
 * `hpastar/inspect`: what the planners hold inside and how they search, for drawing and teaching (as
 * Detour keeps its DebugUtils apart from the navigation mesh). Each function takes the planner it reads,
 * as made by the main entry (`hpastar` or `hpastar/inline`), and answers a copy: clusters, entrances,
 * abstract graphs, the edges a query gets, stored trees, component labels, and searches traced phase by
 * phase. Nothing here is needed to find paths; every answer costs a pass over what it reads.
 *
 * @example
 * ```ts
 * import { abstractGraph, clusterRects, traceSearch } from 'hpastar/inspect';
 * const rects = clusterRects(planner, 1).rects; // x0, y0, x1, y1 per cluster
 * const graph = abstractGraph(planner, 1);
 * const { path, searches } = traceSearch(planner, start, goal);
 * ```
 * @module
 */
import type { RawError, RawTracedPath, RawWorldTracedPath } from 'hpastar:raw';
import { cell, describe, int32, integerIn } from './args.ts';
import { AStar } from './astar.ts';
import { rawGrid, type Grid } from './grid.ts';
import { agentOf, HAAStar } from './haastar.ts';
import { HPAStar, HPAStarQuery, hpaInspectionAccess } from './hpastar.ts';
import { checkFlags, describeFailure, internal, moduleError, SEARCH_FLAGS, WasmObject, type RawAccess } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { pathQueryError, pathResultOf } from './results.ts';
import { SHPAStar } from './shpastar.ts';
import type { Agent, HpaSearchOptions, Point, Voxel } from './types.ts';
import { worldHpaPathOf, WorldHPAStar, WorldHPAStarQuery, worldQueryArguments, type WorldFindPathOptions } from './world.ts';
import type {
  AbstractGraph,
  ClusterBuild,
  ClusterRects,
  ComponentLabels,
  Entrances,
  HaaCrossings,
  HaaGraph,
  NodeTree,
  QueryConnections,
  TracedPath,
  TracedWorldPath,
  WorldAbstractGraph,
  WorldHierarchyNodes,
} from './inspectTypes.ts';

export type * from './inspectTypes.ts';
export { EDGE_KINDS } from './generated/contract.ts';

type RawOf<T> = T extends WasmObject<infer Raw> ? Raw : never;

// The raw object behind `object`, which must be made by one of `classes` (named in the TypeError).
function accessOf<T extends WasmObject<{ delete(): void }>>(
  where: string,
  object: unknown,
  classes: readonly (abstract new (...args: never[]) => T)[],
  expected: string,
): RawAccess<RawOf<T>> {
  if (!classes.some((Class) => object instanceof Class)) throw new TypeError(`${where}: expected ${expected}, got ${describe(object)}`);
  return (object as T)[internal]() as RawAccess<RawOf<T>>;
}

// Runs `call` into the module: a failure it answers becomes the error its status code chooses (`Kind`
// for one without a code).
function answered<Out extends object>(where: string, state: ModuleState, call: () => Out | RawError, Kind: ErrorConstructor | RangeErrorConstructor = Error): Out {
  const out = state.call(where, call);
  if ('error' in out) throw moduleError(where, out as RawError, Kind);
  return out as Out;
}

const HPA_PLANNER = 'an HPAStar made by hpastar.HPAStar.build';
const WORLD_PLANNER = 'a WorldHPAStar made by hpastar.WorldHPAStar.build';

// A level of the planner's hierarchy: a TypeError for a non-integer, the RangeError
// tests/web/inspection.test.ts expects for an integer that is not one of its levels.
function checkLevel(where: string, planner: HPAStar | WorldHPAStar, level: unknown): number {
  const levels = planner.options.levels;
  if (typeof level !== 'number' || !Number.isInteger(level)) integerIn(where, 'level', level, 1, levels);
  if ((level as number) < 1 || (level as number) > levels) {
    throw new RangeError(`${where}: level ${String(level)} is not a level of this hierarchy (1 to ${levels})`);
  }
  return level as number;
}

// A trace's searches, refined path and smoothing as the package's (frozen) values; the path apart.
function traceOf(raw: Omit<RawTracedPath, 'path'>): Omit<TracedPath, 'path'> {
  const searches = raw.searches.map((s) => Object.freeze({ phase: s.phase, level: s.level, closed: s.closed, open: s.open }));
  const smoothing = raw.smoothing.map((r) => Object.freeze({ from: r.from, to: r.to, line: r.line }));
  return { searches: Object.freeze(searches), refined: raw.refined, segmentEnds: raw.segmentEnds, segmentSearchEnds: raw.segmentSearchEnds, smoothing: Object.freeze(smoothing) };
}

/** A raw traced answer as a {@link TracedPath}; throws as the searches do (a PathQueryError for a refused endpoint). */
function tracedPathOf(raw: RawTracedPath, start: Point, goal: Point): TracedPath {
  return Object.freeze({ path: pathResultOf(raw.path, start, goal), ...traceOf(raw) });
}

function tracedWorldPathOf(where: string, raw: RawWorldTracedPath, start: Voxel, goal: Voxel): TracedWorldPath {
  return Object.freeze({ path: worldHpaPathOf(where, raw.path, start, goal), ...traceOf(raw) });
}

/**
 * Finds the same path as the planner's `findPath` and records every search it runs: per search, its
 * phase (`'insertion'`, `'abstract'`, `'refinement'`), the graph level it searched (0 = cells) and its
 * closed and open sets as cells. The closed counts of a phase add up to that phase's figure in
 * `path.stats`. Tracing reads each searched area once more, so plan with `findPath`.
 *
 * HPA* (an {@link HPAStar} or one of its query objects, whose scratch it then uses): insertion,
 * abstract search and refinement. SHPA*: the abstract search (phase `'abstract'`, level 1: its closed
 * nodes, the goal included, are the expansions of `path.stats.expandedMain`; the nodes of the start's
 * cluster and the nodes passed through inside a cluster are open) and one A* per refined segment
 * (`'refinement'`, level 0); SHPA* has no insertion search.
 * @example
 * ```ts
 * const { path, searches } = traceSearch(planner, start, goal);
 * for (const s of searches) if (s.phase === 'insertion') draw(s.closed);
 * ```
 * @throws PathQueryError - when the start or the goal is outside the grid or blocked
 * @throws TypeError - when a coordinate is not an integer or an option is unknown
 * @throws Error - when the planner has been disposed
 */
export function traceSearch(planner: HPAStar | HPAStarQuery | SHPAStar, start: Point, goal: Point, options?: HpaSearchOptions): TracedPath;
/**
 * Finds the same path as {@link AStar.findPath} on `grid` and records its search: one entry, phase
 * `'astar'`, level 0, with the cells it expanded (closed, as many as `path.expanded`) and those it
 * generated but did not expand (open).
 * @throws PathQueryError - when the start or the goal is outside the grid or blocked
 * @throws TypeError - when a coordinate is not an integer
 * @throws Error - when the search object or the grid has been disposed
 */
export function traceSearch(astar: AStar, grid: Grid, start: Point, goal: Point): TracedPath;
/**
 * Finds the same path as a block world planner's `findPath` ({@link WorldHPAStar} or one of its query
 * objects, whose scratch it then uses) and records its searches: the insertion of start and goal at
 * every level, the abstract search of the top level, and the refined path with smoothing's lines. The
 * closed counts of a phase add up to that phase's figure in `path.stats`.
 * @throws PathQueryError - when the start or the goal is not a cell an agent stands in
 * @throws TypeError - when a coordinate is not an integer or an option is unknown
 * @throws Error - when the planner has been disposed
 */
export function traceSearch(planner: WorldHPAStar | WorldHPAStarQuery, start: Voxel, goal: Voxel, options?: WorldFindPathOptions): TracedWorldPath;
export function traceSearch(
  planner: HPAStar | HPAStarQuery | SHPAStar | AStar | WorldHPAStar | WorldHPAStarQuery,
  ...args: [Grid, Point, Point] | [Point, Point, HpaSearchOptions?] | [Voxel, Voxel, WorldFindPathOptions?]
): TracedPath | TracedWorldPath {
  const where = 'traceSearch';
  if (planner instanceof WorldHPAStar || planner instanceof WorldHPAStarQuery) {
    const { s, g, smooth } = worldQueryArguments(where, ...(args as [Voxel, Voxel, WorldFindPathOptions?]));
    const { raw, state } = planner[internal]();
    const answer = answered(where, state, () => raw.traceFindPath(s.x, s.y, s.z, g.x, g.y, g.z, smooth));
    return tracedWorldPathOf(where, answer, s, g);
  }
  if (planner instanceof AStar) {
    const [grid, start, goal] = args as [Grid, Point, Point];
    cell(where, 'start', start);
    cell(where, 'goal', goal);
    const { raw, state } = planner[internal]();
    const g = rawGrid(grid, where);
    return tracedPathOf(answered(where, state, () => raw.traceFindPath(g, start.x, start.y, goal.x, goal.y)), start, goal);
  }
  const [start, goal, options] = args as [Point, Point, HpaSearchOptions?];
  const searcher = planner instanceof SHPAStar ? planner : hpaSearcher(where, planner);
  cell(where, 'start', start);
  cell(where, 'goal', goal);
  checkFlags(options, SEARCH_FLAGS.traceSearch, where);
  const { raw, state } = searcher[internal]();
  const smooth = options?.smooth ?? true;
  return tracedPathOf(answered(where, state, () => raw.traceFindPath(start.x, start.y, goal.x, goal.y, smooth)), start, goal);
}

// The query object that searches for an HPA* planner (its own) or query, once the planner is checked alive.
function hpaSearcher(where: string, object: unknown): HPAStarQuery {
  accessOf<HPAStar | HPAStarQuery>(where, object, [HPAStar, HPAStarQuery], `${HPA_PLANNER}, one of its query objects, an SHPAStar or an AStar`);
  return hpaInspectionAccess(object as HPAStar | HPAStarQuery).query;
}

/**
 * The abstract graph of one level of the planner's current hierarchy, as the searches see it: the
 * nodes of that level or higher and every edge (once per pair), as typed arrays. One shape for a 2D
 * grid and a block world (whose nodes are x, y, z triples and whose edges may join floors).
 * @param level - 1 (just above the cells) to `options.levels`
 * @throws RangeError - when `level` is not a level of this hierarchy
 */
export function abstractGraph(planner: HPAStar, level: number): AbstractGraph;
export function abstractGraph(planner: WorldHPAStar, level: number): WorldAbstractGraph;
export function abstractGraph(planner: HPAStar | WorldHPAStar, level: number): AbstractGraph | WorldAbstractGraph {
  const where = 'abstractGraph';
  const { raw, state } = accessOf<HPAStar | WorldHPAStar>(where, planner, [HPAStar, WorldHPAStar], `${HPA_PLANNER} or ${WORLD_PLANNER}`);
  const l = checkLevel(where, planner, level);
  const graph = answered(where, state, () => raw.abstractGraph(l), RangeError);
  return Object.freeze({ ...graph });
}

/**
 * The clusters of one level of the planner's current hierarchy, as the core lays them out: squares of
 * `clusterSize · clusterGroup^(level − 1)` cells, row by row, the last column and row clipped to the map.
 * @param level - 1 (just above the grid) to `options.levels`
 * @throws RangeError - when `level` is not a level of this hierarchy
 */
export function clusterRects(planner: HPAStar, level: number): ClusterRects {
  const where = 'clusterRects';
  const { raw, state } = accessOf(where, planner, [HPAStar], HPA_PLANNER);
  const l = checkLevel(where, planner, level);
  const out = answered(where, state, () => hpaInspectionAccess(planner).inspection.hpaClusterRects(raw, l), RangeError);
  return Object.freeze({ ...out });
}

/**
 * The entrances of level 1 as the build finds them: each maximal run of border positions where the
 * cells on both sides are free, and the transitions made of it (one in the middle when it is narrower
 * than `options.entranceWidth`, else one at each end). Computed again by the core's scanner on the
 * planner's current terrain, for seeing how the hierarchy is built.
 */
export function entrances(planner: HPAStar): Entrances {
  const where = 'entrances';
  const { raw, state } = accessOf(where, planner, [HPAStar], HPA_PLANNER);
  const out = answered(where, state, () => hpaInspectionAccess(planner).inspection.hpaEntrances(raw));
  return Object.freeze({ ...out });
}

/**
 * The searches that find the intra-edges of one level-1 cluster, as the build runs them (a Dijkstra
 * over the cluster from each of its nodes, closed cells in expansion order), and the cluster's
 * intra-edges in the built graph.
 * @param cluster - a level-1 cluster, 0 to columns × rows − 1 (row by row, as {@link clusterRects})
 * @throws RangeError - when `cluster` is not a level-1 cluster
 */
export function clusterBuild(planner: HPAStar, cluster: number): ClusterBuild {
  const where = 'clusterBuild';
  const { raw, state } = accessOf(where, planner, [HPAStar], HPA_PLANNER);
  if (!Number.isInteger(cluster)) throw new TypeError(`${where}: cluster must be an integer, got ${String(cluster)}`);
  const out = answered(where, state, () => hpaInspectionAccess(planner).inspection.hpaClusterBuild(raw, cluster), RangeError);
  return Object.freeze({ ...out, searches: Object.freeze(out.searches.map((s) => Object.freeze({ ...s }))) });
}

/**
 * DHPA*'s stored shortest-path tree of the node at `cell` (Kring et al. 2010, Figure 1): for every
 * cell of the node's level-1 cluster, its distance to the node inside the cluster and the direction
 * of its next step towards it, as the hierarchy keeps them.
 * @throws Error - when the planner keeps no trees (`cacheTrees`); RangeError when `cell` is not a node's cell
 */
export function nodeTree(planner: HPAStar, cell: Point): NodeTree {
  const where = 'nodeTree';
  const { raw, state } = accessOf(where, planner, [HPAStar], HPA_PLANNER);
  if (!Number.isInteger(cell?.x) || !Number.isInteger(cell?.y)) throw new TypeError(`${where}: cell must have integer x and y`);
  const out = answered(where, state, () => hpaInspectionAccess(planner).inspection.hpaNodeTree(raw, cell.x, cell.y));
  return Object.freeze({ node: { x: out.node[0]!, y: out.node[1]! }, area: out.area, distance: out.distance, direction: out.direction });
}

/**
 * How `start` and `goal` join the abstract graph of every level: the edges a search between them
 * inserts (to the nodes of their clusters that they reach inside them, with the costs), read from the
 * same insertion that `findPath` runs (with the scratch of the query object given, or the planner's
 * own). Given whether or not a path exists; `start` may be `goal` (the connections of one cell).
 * @throws PathQueryError - when the start or the goal is outside the grid or blocked
 * @throws TypeError - when a coordinate is not an integer
 */
export function queryConnections(planner: HPAStar | HPAStarQuery, start: Point, goal: Point): QueryConnections {
  const where = 'queryConnections';
  accessOf<HPAStar | HPAStarQuery>(where, planner, [HPAStar, HPAStarQuery], `${HPA_PLANNER} or one of its query objects`);
  cell(where, 'start', start);
  cell(where, 'goal', goal);
  const { query, inspection } = hpaInspectionAccess(planner);
  const { raw, state } = query[internal]();
  const out = answered(where, state, () => inspection.hpaQueryConnections(raw, start.x, start.y, goal.x, goal.y));
  if ('status' in out) throw pathQueryError(out, describeFailure(out.code, out.status, start, goal));
  const edges = (e: (typeof out.levels)[number]['start']) => Object.freeze({ nodeIds: e.nodeIds, nodes: e.nodes, costs: e.costs });
  return Object.freeze({
    start: Object.freeze({ x: start.x, y: start.y }),
    goal: Object.freeze({ x: goal.x, y: goal.y }),
    levels: Object.freeze(out.levels.map((l) => Object.freeze({ level: l.level, start: edges(l.start), goal: edges(l.goal), direct: l.direct }))),
    expandedInsertion: out.expandedInsertion,
  });
}

/**
 * The connected component of every cell of the planner's current terrain, as the hierarchy labels them
 * (a path joins two cells exactly when their labels are equal and not 0; one cell's label is
 * `planner.componentOf(cell)`).
 * @throws OutOfMemoryError - when the WebAssembly heap has no room for the labels
 */
export function componentLabels(planner: HPAStar): ComponentLabels {
  const where = 'componentLabels';
  const { raw, state } = accessOf(where, planner, [HPAStar], HPA_PLANNER);
  const labels = answered(where, state, () => hpaInspectionAccess(planner).inspection.hpaComponentLabels(raw));
  return Object.freeze({ labels, count: planner.stats.components });
}

/**
 * The level-1 cluster of every cell, row-major (`width * height` entries; cell (x, y) at `y * width + x`).
 * A cluster id from 0 to `stats.clusters - 1` (an HPAStar's level 1: `stats.levels[0].clusters`), or -1 for
 * a blocked cell. For an HPAStar, the cell's square, or with `mergedClusterSide` SHPA*'s merged cluster.
 * SHPA*'s clusters have any shape, so this is how to draw them. A fresh copy on every call.
 * @throws OutOfMemoryError - when the WebAssembly heap has no room for the map
 */
export function clusterMap(planner: SHPAStar | HPAStar): Int32Array {
  const where = 'clusterMap';
  const expected = `${HPA_PLANNER} or an SHPAStar made by hpastar.SHPAStar.build`;
  if (planner instanceof HPAStar) {
    const { raw, state } = accessOf(where, planner, [HPAStar], expected);
    return answered(where, state, () => hpaInspectionAccess(planner).inspection.hpaCellClusters(raw));
  }
  const { raw, state } = accessOf(where, planner, [SHPAStar], expected);
  return answered(where, state, () => raw.cellClusters());
}

const HAA_PLANNER = 'a HAAStar made by hpastar.HAAStar.build';

/**
 * The HAA* planner's kept abstract graph, each undirected edge once with its annotation (capability
 * and clearance), and which edges admit `agent`: the graph that agent searches. A copy.
 * @throws RangeError - when the agent is not one the planner serves
 */
export function agentGraph(planner: HAAStar, agent: Agent): HaaGraph {
  const where = 'agentGraph';
  const { raw, state } = accessOf(where, planner, [HAAStar], HAA_PLANNER);
  const a = agentOf(where, agent);
  return answered(where, state, () => raw.graph(a.size, a.capability), RangeError);
}

/** Every step across a HAA* cluster border with its clearance per capability, and the transitions chosen on them. A copy. */
export function borderCrossings(planner: HAAStar): HaaCrossings {
  const where = 'borderCrossings';
  const { raw, state } = accessOf(where, planner, [HAAStar], HAA_PLANNER);
  return answered(where, state, () => raw.crossings(), RangeError);
}

/**
 * The clusters of abstraction level `level` (1..levels) of a world hierarchy as boxes packed x0, y0,
 * z0, x1, y1, z1 (half-open).
 * @throws RangeError - when `level` is not a level of the hierarchy
 */
export function clusterBoxes(planner: WorldHPAStar, level: number): Int32Array {
  const where = 'clusterBoxes';
  const { raw, state } = accessOf(where, planner, [WorldHPAStar], WORLD_PLANNER);
  const l = int32(where, 'level', level);
  return answered(where, state, () => raw.clusterBoxes(l), RangeError);
}

/** The abstract nodes of a world hierarchy: their cells and the highest level each belongs to. */
export function hierarchyNodes(planner: WorldHPAStar): WorldHierarchyNodes {
  const where = 'hierarchyNodes';
  const { raw, state } = accessOf(where, planner, [WorldHPAStar], WORLD_PLANNER);
  const out = answered(where, state, () => raw.nodes());
  return Object.freeze(out);
}
