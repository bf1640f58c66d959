/**
 * The plain data types of the hpastar API: cells, path results, options and statistics.
 * @module
 */
import type { HaaOptionFields, HierarchyOptionFields, ShpaOptionFields, TerrainKindName } from './generated/contract.ts';

/** A cell of the grid: `x` is the column (0 = left), `y` the row (0 = top). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A block world's cell: x the column, y the row (0 at the top), z the level (0 at the bottom). */
export interface Voxel {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** How a search that ran ended. */
/**
 * How a search ended: `'found'`, `'no path'` (start and goal are valid but not connected), or
 * `'partial'` (with `toNearest`: the goal cannot be reached, and the path ends at the reachable cell
 * nearest to it, {@link PathResult.reached}).
 */
export type PathStatus = 'found' | 'no path' | 'partial';

/**
 * The work one search did, split as in the HPA* paper (Botea, Müller, Schaeffer 2004, Table 1).
 * A plain A* counts only `expandedMain`.
 */
export interface SearchStats {
  /** Nodes expanded while connecting the start and the goal to the abstract graph (the paper's "SG effort"). */
  readonly expandedInsertion: number;
  /** Nodes expanded by the main search: A* over cells, or the search of the abstract graph. */
  readonly expandedMain: number;
  /** Nodes expanded while turning abstract edges into cells. */
  readonly expandedRefinement: number;
  /** Nodes on the abstract path (start and goal included); 0 for planners without a hierarchy. */
  readonly abstractPathNodes: number;
}

/** The answer of a search. */
export interface PathResult {
  /** True when a path was found (a partial one too: see `status`). */
  readonly found: boolean;
  /**
   * `'found'`; `'no path'` when start and goal are both valid but not connected; `'partial'` when the
   * `toNearest` option sent the path to the reachable cell nearest the goal ({@link PathResult.reached}).
   */
  readonly status: PathStatus;
  /** Length of the path: straight steps cost 1, diagonal steps √2. `Infinity` when not found. */
  readonly cost: number;
  /** The path's cells from start to goal inclusive, as x0, y0, x1, y1, …; empty when not found. */
  readonly cells: Int32Array;
  /** The work done, phase by phase. */
  readonly stats: SearchStats;
  /** All nodes expanded: the sum of the phases in {@link PathResult.stats}. */
  readonly expanded: number;
  /**
   * With the `snap` option ({@link FindPathOptions.snap}), the endpoints it moved (the path runs between
   * the moved ones); absent when it moved none.
   */
  readonly snapped?: SnappedEndpoints;
  /** With status `'partial'`: the cell the path ends at, the reachable cell nearest the goal asked for. */
  readonly reached?: Point;
}

/** Where the `snap` option moved a query's start and goal: only those it moved are given. */
export interface SnappedEndpoints {
  readonly start?: Point;
  readonly goal?: Point;
}

/** Options of `nearestPassable`. */
export interface NearestPassableOptions {
  /** Only cells of this component (a label of `componentOf`: 1 or more). Default: any passable cell. */
  readonly component?: number;
  /**
   * Only cells at most this far, in octile distance (straight steps 1, diagonal √2, walls ignored): 0 or
   * more, `Infinity` allowed. Default: anywhere on the map.
   */
  readonly maxDistance?: number;
}

/**
 * How an HPA* hierarchy is cut (Botea et al. 2004). Every field is optional. A field left out is
 * chosen for the map by `HPAStar.build` (see {@link HPAStarFactory.chooseOptions}): DHPA* trees, 16
 * landmarks, a cluster side of 32 (or one whose borders fall on the map's walls, or a smaller one on small maps),
 * and the distance table when `terrainChanges` is `'rarely'`; `planner.options` tells what was chosen.
 * The "Default" of each field below is the core's (the paper's: 10 × 10 clusters, one level, nothing
 * cached), which `HPAStar.defaultOptions` lists and `hpa --algo hpa` uses.
 */
export interface HierarchyOptions extends HierarchyOptionFields {}

/** {@link HierarchyOptions} with every default filled in. */
export type ResolvedHierarchyOptions = { readonly [K in keyof HierarchyOptions]-?: NonNullable<HierarchyOptions[K]> };

/** What `HPAStar.chooseOptions` answers: the options a build would use, and why. */
export interface OptionChoice {
  readonly options: ResolvedHierarchyOptions;
  /** One line, e.g. `"cluster 32 (...); DHPA* trees; 16 landmarks; distance table (terrain changes rarely)"`. */
  readonly reason: string;
}

/** Figures of one level of a hierarchy, like the HPA* paper's Table 2. */
export interface LevelStats {
  /** 1 for the level just above the grid. */
  readonly level: number;
  /** Side of this level's clusters, in cells. */
  readonly clusterSize: number;
  /** Number of clusters of this level. */
  readonly clusters: number;
  /** Abstract nodes of this level or higher. */
  readonly nodes: number;
  /** Undirected edges crossing cluster borders. */
  readonly interEdges: number;
  /** Undirected edges inside clusters. */
  readonly intraEdges: number;
}

/** What building a hierarchy made, and what it cost. */
export interface HierarchyStats {
  /** Build time, in milliseconds. */
  readonly buildMs: number;
  /** Memory held by the hierarchy, in bytes (the grid not included). */
  readonly bytes: number;
  /** Memory held by the grid the hierarchy searches, in bytes. */
  readonly gridBytes: number;
  /** Entrances between level-1 clusters (maximal free stretches of a border). */
  readonly entrances: number;
  /** Connected components of the passable cells. */
  readonly components: number;
  /** Nodes in the top level's distance table ({@link HierarchyOptions.distanceTable}); 0 when there is none. */
  readonly distanceTableNodes: number;
  /**
   * The parts of `bytes` that options add, in bytes (the rest is the abstract graph, its index and the
   * component labels): DHPA* trees ({@link HierarchyOptions.cacheTrees}), cached paths
   * ({@link HierarchyOptions.cachePaths}), landmarks and the distance table. Divide by the map's cells for
   * what a configuration costs per cell.
   */
  readonly optionalBytes: OptionalBytes;
  /** One entry per level, level 1 first. */
  readonly levels: readonly LevelStats[];
}

/** Memory of what hierarchy options add (`HierarchyStats.optionalBytes`), in bytes. */
export interface OptionalBytes {
  readonly trees: number;
  readonly paths: number;
  readonly landmarks: number;
  readonly distanceTable: number;
}

/** The clusters of one level that a terrain update rebuilt. */
export interface RebuiltClusters {
  /** 1 for the level just above the grid. */
  readonly level: number;
  /** Their ids (row-major over the level's clusters), ascending. */
  readonly clusters: Int32Array;
  /** Their rectangles, four numbers each: x0, y0, x1, y1 (x1 and y1 exclusive), in the order of `clusters`. */
  readonly rects: Int32Array;
}

/** What a terrain update rebuilt (see `HPAStar.applyEdits`). */
export interface UpdateStats {
  /** Cells whose terrain changed. */
  readonly cellsChanged: number;
  /** Clusters rebuilt per level, level 1 first. */
  readonly clustersRebuilt: readonly number[];
  /**
   * Which clusters were rebuilt, one entry per level, level 1 first: the clusters of every cell whose
   * passability changed and of its 8 neighbours, and the clusters above those.
   */
  readonly rebuilt: readonly RebuiltClusters[];
  /** Time taken, in milliseconds. */
  readonly ms: number;
  /**
   * Whether the graph of the top level changed. Only then can landmarks and the distance table
   * (`HierarchyOptions.landmarks`, `distanceTable`) be out of date: they are left stale rather than
   * recomputed by the update (see `HPAStar.refreshHeuristics`).
   */
  readonly topGraphChanged: boolean;
}

/**
 * A pool's terrain update ({@link PathPool.updateTerrain}): the version it made and what it rebuilt, as
 * `HPAStar.applyEdits` answers (the figures of the first worker to make it; every worker rebuilds the
 * same clusters). Test a path against it with {@link pathCrossesUpdate}.
 */
export interface TerrainUpdate extends UpdateStats {
  /** The terrain version the update made (the pool's {@link PathPool.version} once it resolved). */
  readonly version: number;
  /**
   * What each agent class's hierarchy rebuilt, in the order of {@link PathPool.agents} (one entry for a
   * pool of one class). The figures above are their union: a path tested against them
   * ({@link pathCrossesUpdate}) is flagged if any class rebuilt a cluster it crosses; test a unit's path
   * against its own class's entry to flag only what its class sees change.
   */
  readonly classes: readonly UpdateStats[];
}

/** How far `HPAStar.refreshHeuristics` has come. */
export interface RefreshProgress {
  /** True when the landmarks and distance table are up to date (the refresh, if any, is installed). */
  readonly done: boolean;
  /** Dijkstra searches run so far by the refresh in progress (one per landmark and one per table row). */
  readonly stepsDone: number;
  /** Dijkstra searches the refresh in progress runs in all (0 when there was nothing to refresh). */
  readonly stepsTotal: number;
}

/**
 * How SHPA* (Kring, Champandard, Samarin 2010) cuts a map into clusters: square tiles of
 * `initialClusterSize` cells, each split into its connected parts, are merged greedily with their
 * neighbours while the merged cluster fits the limits. Every field is optional; the defaults were
 * measured on the Moving AI maps (mean suboptimality under 1%).
 */
export interface ShpaOptions extends ShpaOptionFields {}

/** {@link ShpaOptions} with every default filled in. */
export type ResolvedShpaOptions = { readonly [K in keyof ShpaOptions]-?: NonNullable<ShpaOptions[K]> };

/** What building an SHPA* graph made, and what it cost. */
export interface ShpaStats {
  /** Build time, in milliseconds. */
  readonly buildMs: number;
  /** Memory held by the graph, in bytes (the grid not included). */
  readonly bytes: number;
  /** Memory held by the grid the graph searches, in bytes. */
  readonly gridBytes: number;
  /** Connected parts of the initial tiles, where the merge started. */
  readonly initialClusters: number;
  /** Clusters after the merge. */
  readonly clusters: number;
  /** Merges made. */
  readonly merges: number;
  /** Abstract nodes (on cluster borders). */
  readonly nodes: number;
  /** Undirected edges crossing cluster borders (stored). */
  readonly interEdges: number;
  /** Undirected edges inside clusters: every pair of nodes of a cluster (implicit, not stored). */
  readonly intraEdges: number;
  /** The most nodes one cluster has. */
  readonly maxClusterNodes: number;
  /** Connected components of the passable cells. */
  readonly components: number;
}

/**
 * How a HAA* planner ({@link HAAStar}) cuts its hierarchy and for which agents (Harabor and Botea,
 * 2008): square agents of sides 1 to `maxSize`, each with a capability (the terrain it may stand on).
 */
export interface HaaOptions extends HaaOptionFields {}

/** {@link HaaOptions} with every default filled in. */
export type ResolvedHaaOptions = { readonly [K in keyof HaaOptions]-?: NonNullable<HaaOptions[K]> };

/** The size of one of HAA*'s abstract graphs. */
export interface HaaGraphSize {
  readonly nodes: number;
  /** Undirected edges crossing cluster borders. */
  readonly interEdges: number;
  /** Undirected edges inside clusters. */
  readonly intraEdges: number;
}

/** What building (and last editing) a HAA* hierarchy made, and what it cost. */
export interface HaaStats {
  /** Build time, in milliseconds. */
  readonly buildMs: number;
  /** Time of the last `applyEdits`, in milliseconds (0 before any). */
  readonly updateMs: number;
  /** Clusters whose intra-edges the last `applyEdits` found again. */
  readonly rebuiltClusters: number;
  /** Memory held by the graph, its clearance maps and components, its stored paths and join trees, in bytes (the grid's copy apart). */
  readonly bytes: number;
  readonly clusters: number;
  /** Transitions between clusters (each gives a node on both sides). */
  readonly transitions: number;
  /** The article's initial abstraction: every transition and every (size, capability) intra-edge. */
  readonly initial: HaaGraphSize;
  /** After strong dominance (the high-quality abstraction). */
  readonly high: HaaGraphSize;
  /** After weak dominance too (the low-quality abstraction). */
  readonly low: HaaGraphSize;
  /** The graph kept and searched: the chosen abstraction without the intra-edges two others replace. */
  readonly searched: HaaGraphSize;
}

/** A terrain kind an agent may stand on: any but out of bounds. */
export type TerrainName = Exclude<TerrainKindName, 'out of bounds'>;

/**
 * An agent of HAA* and Annotated A*: a square of `size` × `size` cells whose top-left cell (its anchor)
 * is the cell a path goes through, standing only on the terrain of `capability`.
 */
export interface Agent {
  /** Side of the square, 1 to the planner's `maxSize` (Annotated A*: 1 to 8). */
  readonly size: number;
  /** The kinds it may stand on: `'ground,trees'` or `['ground', 'trees']`. */
  readonly capability: string | readonly TerrainName[];
}

/** A HAA* path: a {@link PathResult} whose cells are the agent's anchors, and its abstract path. */
export interface HaaPathResult extends PathResult {
  /** The abstract path's cells (start first, goal last) as x0, y0, x1, y1, …; empty when not found or when the search needed none. */
  readonly abstractPath: Int32Array;
}

/**
 * What a clearance map holds (Harabor and Botea, 2008, Figure 5): `'true'`, the side of the largest
 * square of the capability grown down and right from a cell (what HAA* uses), or `'brushfire'`, the
 * distance to the nearest cell not of it, which misses passages an agent fits through.
 */
export type ClearanceKind = 'true' | 'brushfire';

/** Options of a single HPA* search. */
export interface HpaSearchOptions {
  /**
   * Straighten the refined path (replace detours with straight lines where the terrain allows).
   * Default true. Smoothing never makes a path longer.
   */
  readonly smooth?: boolean;
}

/** Options of `findPath`: {@link HpaSearchOptions} and snapping. */
export interface FindPathOptions extends HpaSearchOptions {
  /**
   * Move a start that is blocked or outside the map to the nearest passable cell, and such a goal to the
   * nearest cell of the start's component (so that a path exists whenever one can), instead of failing
   * with `'start is outside the map or blocked'` (or the goal's status); the result's `snapped` says
   * where they went. Nearest by octile distance, ties to the smaller y then x. Default false.
   */
  readonly snap?: boolean;
  /**
   * When the start cannot reach the goal (the goal is blocked, outside the map, or in another component),
   * answer a partial path to the reachable cell nearest the goal instead of `'no path'`: nearest by
   * octile distance (walls ignored), ties to the shorter path. Its status is `'partial'` and
   * `reached` names that cell (in a batch: `statusText(i)` and `reached(i)`). The start must be valid
   * (or snapped with `snap`). Default false.
   */
  readonly toNearest?: boolean;
  /**
   * `'grid'` (default): the path as 8-connected cells. `'any-angle'`: straight lines at any angle, as a
   * unit crossing open ground walks: `cells` then holds the path's corners (start, the points where it
   * turns, goal; not neighbours of each other), each line legal for the planner's agent class (its whole
   * square swept along it crosses no cell it cannot stand on, and no corner between two diagonal walls),
   * and `cost` is their Euclidean length. Shaped from the planner's own path (string pulling, then each
   * corner moved to where the line is shortest): within 0.2–0.6 % of the shortest any-angle path on
   * average on the Moving AI maps (bench/results/any-angle.md). Grids without terrain costs only (a
   * weighted grid throws: lengths are Euclidean). In `findPath`, `findPaths` and a pool's `findPaths`
   * (each path shaped where it is searched, on the worker's thread in a pool); plans and their segments
   * stay on the grid.
   */
  readonly pathShape?: 'grid' | 'any-angle';
}

/** Options of a batch of HPA* searches. */
export interface BatchSearchOptions extends FindPathOptions {
  /** Return every path's cells (default true); false returns statuses and costs only, which is faster. */
  readonly cells?: boolean;
}

/** Options of a plan (`HPAStar.plan`), refined a piece at a time. */
export interface PlanOptions {
  /**
   * Smooth what is handed out (default false): each piece is smoothed together with the next two
   * segments, refined ahead of it, and ends at the smoothed path's cell nearest the segment's waypoint;
   * the rest waits for the next call, smoothed again with what follows. The walk is then close to
   * `findPath`'s smoothed path (the lines smoothing cannot draw are those reaching further ahead): 0.67 %
   * longer than optimal on average on den520d against findPath's 0.25 % and the unsmoothed pieces'
   * 3.8 %, for about three times the smoothing work. Without it each piece is its segment as refined:
   * shortest inside its clusters, but bent at every waypoint.
   */
  readonly smooth?: boolean;
}

/** Options of a batch of HPA* plans (`planPaths`). */
export interface PlanBatchOptions {
  /** Refine each plan's first segment too (default true), so that an agent can start walking at once. */
  readonly firstSegment?: boolean;
}

/**
 * One terrain change of cell (x, y): its `terrain` becomes a Moving AI character (`.`, `G`, `S`, `W`,
 * `T`, `@`, `O`), its `cost` a cost layer value (1 to 255 sixteenths of its terrain's multiplier: 16 as
 * the terrain costs, 8 a road at half, 255 a danger zone; see {@link Grid.setCostLayer}), or both. An
 * edit names at least one of them.
 */
export interface TerrainEdit {
  readonly x: number;
  readonly y: number;
  readonly terrain?: string;
  readonly cost?: number;
}

/**
 * What crossing each kind of terrain costs: a multiplier of the move costs (1 straight, √2 diagonal),
 * from 1/64 to 1024, per Moving AI character. Characters left out cost 1. `.` and `G` are one kind,
 * as are `@` and `O`: naming both of a pair with different multipliers is refused. Multipliers of
 * blocked terrain (`W`, `T`, `@`) are kept but never met by a path.
 *
 * A straight move costs the mean of its two cells' multipliers; a diagonal one √2 times the mean of the
 * four cells it touches. With a cost layer ({@link Grid.setCostLayer}) a cell's multiplier is its
 * terrain's times its layer value in sixteenths.
 */
export interface TerrainCosts {
  readonly '.'?: number;
  readonly G?: number;
  readonly S?: number;
  readonly W?: number;
  readonly T?: number;
  readonly '@'?: number;
  readonly O?: number;
}

/** The multiplier of every terrain kind, named by its first character. */
export interface TerrainCostTable {
  readonly '.': number;
  readonly S: number;
  readonly W: number;
  readonly T: number;
  readonly '@': number;
}

/** A map as plain data: `width * height` Moving AI characters, row-major. */
export interface TerrainData {
  readonly width: number;
  readonly height: number;
  /** The character codes, e.g. `'.'.charCodeAt(0)` for ground; row-major, `width * height` bytes. */
  readonly terrain: Uint8Array;
}
