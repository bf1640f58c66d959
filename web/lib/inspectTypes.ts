// The types of what `hpastar/inspect` answers (inspect.ts): the hierarchy's internals and the searches'
// traces, for drawing and teaching. Apart from types.ts so that the main entry exports none of them.
import type { HAAStar } from './haastar.ts';
import type { PathResult, Point, SearchStats } from './types.ts';
import type { WorldHpaPathResult } from './world.ts';

/**
 * The phase of a query a search belongs to, as in the HPA* paper's Table 1: `'insertion'` connects
 * start and goal to the abstract graph, `'abstract'` searches the top-level graph, `'refinement'`
 * turns abstract edges into cells; `'astar'` is a plain A* over the grid.
 */
export type SearchPhase = 'insertion' | 'abstract' | 'refinement' | 'astar';

/** The nodes one search of a traced query touched. */
export interface TracedSearch {
  readonly phase: SearchPhase;
  /** 0 for a search over cells; `l` ≥ 1 for a search over the abstract graph of level `l`. */
  readonly level: number;
  /**
   * The nodes it expanded, as cells x0, y0, x1, y1, …: cells for a search over cells, the nodes'
   * cells (start and goal included once inserted) for a search over an abstract graph. Their count
   * is what the search adds to its phase in {@link SearchStats}. In an order of expansion read
   * after the search: by f, then by g (each node after the one it was reached from). A search expands
   * by non-decreasing f, so the layers of equal f are in its order; inside a layer the order is one it
   * could take, not always the one it took (its heap prefers the nodes nearer the goal).
   */
  readonly closed: Int32Array;
  /** The nodes it generated but did not expand (its frontier when it stopped), as cells. */
  readonly open: Int32Array;
}

/**
 * A path found with its search trace: every search the query ran, in order, with its open and closed
 * sets. For seeing how a planner works (the demo draws it); tracing costs a pass over each searched
 * area, so plan with `findPath`. DHPA* reads shortest-path trees instead of searching, so it has no
 * insertion or refinement searches unless start and goal share a cluster.
 */
export interface TracedPath {
  /** The same answer `findPath` gives. */
  readonly path: PathResult;
  /** One entry per search, in the order they ran. */
  readonly searches: readonly TracedSearch[];
  /** HPA*, DHPA*: the path as refined, before smoothing, x, y each (empty for other planners). */
  readonly refined: Int32Array;
  /** Where in `refined` each segment of the top-level abstract path ends (an index of a cell). */
  readonly segmentEnds: Uint32Array;
  /** Per segment, how many of `searches` had run when it was refined (its own searches end there). */
  readonly segmentSearchEnds: Uint32Array;
  /** The straight lines smoothing put into `refined`, first to last (none when not smoothed). */
  readonly smoothing: readonly SmoothingReplacement[];
}

/**
 * The abstract graph of one level of an HPA* hierarchy (see {@link abstractGraph}): its nodes (of
 * that level or higher) and its edges, each undirected edge once. Edges refer to nodes by their
 * position in the node arrays.
 */
export interface AbstractGraph extends WorldAbstractGraph {
  /** The node cells, x0, y0, x1, y1, … (node i at 2i, 2i + 1). */
  readonly nodes: Int32Array;
  /** 1 for an edge that crosses a border of this level's clusters (inter-edge), 0 for an intra-edge. */
  readonly edgeInter: Uint8Array;
}

/**
 * The abstract graph of one level of a block world's hierarchy (see {@link abstractGraph}), in the
 * shape of a 2D one: its nodes (of that level or higher) and its edges, each undirected edge once,
 * referring to nodes by their position in the node arrays.
 */
export interface WorldAbstractGraph {
  /** 1 for the level just above the cells. */
  readonly level: number;
  /** The node cells, x, y, z per node (node i at 3i, 3i + 1, 3i + 2). */
  readonly nodes: Int32Array;
  /** Each node's highest level (≥ `level`). */
  readonly nodeLevels: Uint8Array;
  /** The hierarchy's id of each node (stable while its cell stays a node). */
  readonly nodeIds: Uint32Array;
  /** Each edge's first end, a node position (the one with the smaller id). */
  readonly edgeFrom: Uint32Array;
  /** Each edge's other end, a node position. */
  readonly edgeTo: Uint32Array;
  /** Each edge's cost: a move's across a cluster border, the in-cluster shortest distance inside one. */
  readonly edgeCost: Float64Array;
  /**
   * Each edge's kind, a value of `EDGE_KINDS`: `intra` inside a cluster of this level, `inter` across
   * a border on one floor (x, y), `vertical` across a border between floors (a climb, stair or ladder;
   * never on a 2D grid).
   */
  readonly edgeKind: Uint8Array;
}

/** The clusters of one level of an HPA* hierarchy ({@link clusterRects}), as the core lays them out. */
export interface ClusterRects {
  /** 1 for the level just above the grid. */
  readonly level: number;
  /** A cluster's side in cells; the clusters of the last column and row are clipped to the map. */
  readonly side: number;
  readonly columns: number;
  readonly rows: number;
  /** x0, y0, x1, y1 (half-open: x0 ≤ x < x1) per cluster; cluster c at 4c, numbered row by row. */
  readonly rects: Int32Array;
}

/** The level-1 entrances of an HPA* hierarchy ({@link entrances}) and their transitions. */
export interface Entrances {
  /** x, y, length, vertical (1: a vertical border) per entrance; x, y its first cell on the left or upper side. */
  readonly entrances: Int32Array;
  /** ax, ay, bx, by per transition: its cells on either side of the border (a left or upper). */
  readonly transitions: Int32Array;
  /** Per entrance, its first transition; then the number of transitions (entrance e has first[e] to first[e + 1] − 1). */
  readonly firstTransition: Uint32Array;
}

/** How the intra-edges of one level-1 cluster are found ({@link clusterBuild}). */
export interface ClusterBuild {
  readonly cluster: number;
  /** The cluster's nodes, x, y each. */
  readonly nodes: Int32Array;
  /** The build's search from each node in turn, closed cells in expansion order (as {@link TracedSearch}). */
  readonly searches: readonly { readonly closed: Int32Array; readonly open: Int32Array }[];
  /** The cluster's intra-edges in the built graph, each once: positions in `nodes`, and costs. */
  readonly edgeFrom: Uint32Array;
  readonly edgeTo: Uint32Array;
  readonly edgeCost: Float64Array;
}

/** DHPA*'s stored tree of one node ({@link nodeTree}). */
export interface NodeTree {
  readonly node: Point;
  /** The node's level-1 cluster: x0, y0, x1, y1 (half-open). */
  readonly area: Int32Array;
  /** Per cell of `area`, row by row: its distance to the node inside the cluster, −1 where not reached. */
  readonly distance: Float32Array;
  /** Per cell: the direction of its next step towards the node (0 up, then clockwise to 7 up-left), −1 none. */
  readonly direction: Int8Array;
}

/** One straight line of smoothing: the refined path's cells `from` to `to` (both kept) replaced by `line`. */
export interface SmoothingReplacement {
  readonly from: number;
  readonly to: number;
  /** The line's cells, x, y each, `from`'s and `to`'s included. */
  readonly line: Int32Array;
}

/** The edges of a query's start (or goal) into the graph of one level. */
export interface EndpointConnections {
  /** The hierarchy's ids of the nodes reached (as `AbstractGraph.nodeIds`). */
  readonly nodeIds: Uint32Array;
  /** Their cells, x, y per edge (edge i at 2i, 2i + 1). */
  readonly nodes: Int32Array;
  /** Each edge's cost: the shortest distance from the endpoint to the node inside their cluster. */
  readonly costs: Float64Array;
}

/** How a query's start and goal join the graph of one level. */
export interface LevelConnections {
  readonly level: number;
  /** Edges to the nodes of the start's cluster of this level that it reaches inside that cluster. */
  readonly start: EndpointConnections;
  readonly goal: EndpointConnections;
  /** The start–goal edge's cost when they share a cluster of this level and meet inside it, else null. */
  readonly direct: number | null;
}

/**
 * How a query's start and goal are inserted into the abstract graph of every level
 * ({@link queryConnections}): the edges the search gets, whether or not a path exists.
 */
export interface QueryConnections {
  readonly start: Point;
  readonly goal: Point;
  /** Per level, level 1 first. */
  readonly levels: readonly LevelConnections[];
  /** Expansions of the insertion (the `expandedInsertion` a search of this query counts). */
  readonly expandedInsertion: number;
}

/** The connected components of the cells ({@link componentLabels}). */
export interface ComponentLabels {
  /** Row-major, a label per cell: 0 for a blocked cell, else 1 to `count`, numbered by first cell (row by row). */
  readonly labels: Uint32Array;
  /** Number of components (= `stats.components`). */
  readonly count: number;
}

/**
 * A HAA* planner's kept graph as {@link agentGraph} gives it, for drawing and teaching: each
 * undirected edge once, with the annotation the article gives it and whether it admits one agent.
 */
export interface HaaGraph {
  /** The clusters, `[x0, y0, x1, y1, …]` (x1, y1 exclusive). */
  readonly clusters: Int32Array;
  /** The nodes' cells, `[x, y, …]`. */
  readonly nodes: Int32Array;
  /** Per edge: its two nodes (indices into `nodes`), cost, 1 when it crosses a cluster border. */
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly edgeCost: Float64Array;
  readonly edgeInter: Uint8Array;
  /** Per edge: the largest agent side it admits, and its capability (an index into {@link HAAStar.capabilities}). */
  readonly edgeClearance: Uint8Array;
  readonly edgeCapability: Uint8Array;
  /** Per edge: 1 when the agent asked about may take it (its size at most the clearance, the edge's terrain within its capability). */
  readonly edgeAdmits: Uint8Array;
}

/**
 * Where agents may cross between HAA*'s clusters ({@link borderCrossings}): every step of an anchor
 * across a cluster border, how big an agent of each capability may make it, and the transitions the
 * hierarchy keeps. An entrance for a capability and a size is a maximal run of steps along one border
 * whose clearance for it is at least that size.
 */
export interface HaaCrossings {
  /** The steps, `[ax, ay, bx, by, …]`: a on the left or upper side, b on the other. */
  readonly crossings: Int32Array;
  /** `clearance[c * steps + k]`: the largest agent of capability c (index into {@link HAAStar.capabilities}) that may make step k (0: none; capped at `maxSize`). */
  readonly clearance: Uint8Array;
  /** The transitions chosen (the cells of the nodes), `[ax, ay, bx, by, …]`: one per entrance, each place once. */
  readonly transitions: Int32Array;
}

/** The abstract nodes of a world hierarchy ({@link hierarchyNodes}): their cells (packed x, y, z) and the highest level of each. */
export interface WorldHierarchyNodes {
  readonly cells: Int32Array;
  readonly levels: Uint8Array;
}

/**
 * A block world's path found with its search trace (`traceSearch` of a `WorldHPAStar` or one of its
 * query objects): as {@link TracedPath}, every cell an x, y, z triple. Insertion searches run over cells
 * at level 0 (the endpoint's box) and over the nodes of the level below above it; the abstract search
 * over the top level; refinement reads stored paths and searches nothing, so it shows as `refined`,
 * `segmentEnds` and `smoothing` only.
 */
export interface TracedWorldPath extends Omit<TracedPath, 'path'> {
  /** The same answer `findPath` gives. */
  readonly path: WorldHpaPathResult;
}
