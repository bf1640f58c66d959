/**
 * Hand-written types of the raw Emscripten modules built by CMake with `emcmake` (Emscripten 3.1.6 has
 * no `--emit-tsd`): `web/lib/wasm/hpastar.mjs` (single-threaded), `web/lib/wasm/hpastar-inline.mjs`
 * (the same, .wasm inlined) and `web/lib/wasm/hpastar-mt.mjs` (pthreads). Keep in step with `cpp/bindings/*.cpp`.
 *
 * The declarations are wildcards so that they match the relative imports (`./wasm/hpastar.mjs`,
 * `../wasm/hpastar-mt.mjs`) whether or not the modules have been built yet (TypeScript does not allow
 * a relative name in `declare module`). Application code uses the wrapper in `index.ts`, not these
 * raw handles.
 *
 * Conventions of the raw layer: a function that can fail returns an error string (`""` on success) or
 * an object with an `error` field (a {@link RawError}); nothing throws across the boundary. An error
 * string carries its status code as a field (`"<code>␟<message>"`, bindings/Failure.h) when the binding
 * gives one; web/lib/errors.ts reads both forms and chooses each Error class by the code.
 */
declare module 'hpastar:raw' {
  /** An embind object: C++ memory that JavaScript must free with `delete()`. */
  export interface EmbindHandle {
    /** Frees the C++ object. Any later call on this handle throws a BindingError. */
    delete(): void;
    isDeleted(): boolean;
  }

  /** `GridHandle` in GridBinding.cpp: a grid owned by JavaScript, empty until loaded. */
  export interface RawGrid extends EmbindHandle {
    /**
     * Parses Moving AI map text, as UTF-8 bytes; returns `""` on success, else a BadBytes failure
     * `"<code>␟<fileName>:<line>: <problem>"`. This call and the others that allocate in proportion to
     * their input answer an OutOfMemory failure with its figures when the heap has no room for them
     * (cpp/bindings/HeapReservation.h, Failure.h; errors.ts reads it).
     */
    loadMovingAI(text: Uint8Array, fileName: string): string;
    /** Takes `width * height` terrain character codes, row-major; `""` or the problem. */
    loadTerrain(terrain: Uint8Array, width: number, height: number): string;
    /** `from`'s terrain and costs for the agent class of `size` and `capability` ('ground,trees'); `""` or the problem. */
    loadForAgent(from: RawGrid, size: number, capability: string): string;
    /** The grid's agent class, its capability as a comma list. */
    agent(): { size: number; capability: string };
    loaded(): boolean;
    width(): number;
    height(): number;
    passable(x: number, y: number): boolean;
    /** The character code at (x, y), -1 outside the map. */
    terrainAt(x: number, y: number): number;
    /** The Moving AI terrain characters, row-major: a fresh copy. */
    terrain(): Uint8Array;
    /**
     * The terrain codes of the rectangle of w x h cells at (x, y), row-major, a fresh copy; `{ error }`
     * when it is not inside the map or the heap has no room for the copy.
     */
    terrainRect(x: number, y: number, w: number, h: number): Uint8Array | RawError;
    /** As terrainRect, 1 for a passable cell and 0 for a blocked one. */
    passableRect(x: number, y: number, w: number, h: number): Uint8Array | RawError;
    /** `""` or the problem (nothing changed then). */
    setTerrain(x: number, y: number, code: number): string;
    /** Edits packed as [x, y, code, cost, ...] (0: kept), all or nothing; `""` or the problem. */
    applyEdits(edits: Int32Array): string;
    /** Terrain costs as [code, multiplier, ...] (unnamed kinds cost 1); `""` or the problem. */
    setTerrainCosts(pairs: number[]): string;
    /** The multiplier of each terrain kind, in the order of `terrainCharacters().kinds`. */
    terrainCosts(): number[];
    /** The cost layer (width * height values 1..255), or none for null; `""` or the problem. */
    setCostLayer(layer: Uint8Array | null): string;
    /** A copy of the cost layer, or null. */
    costLayer(): Uint8Array | null;
    /** One cell's layer value; `""` or the problem. */
    setCellCost(x: number, y: number, value: number): string;
    weighted(): boolean;
  }

  /** The phases of a search, as in the HPA* paper. */
  export interface RawSearchStats {
    expandedInsertion: number;
    expandedMain: number;
    expandedRefinement: number;
    abstractPathNodes: number;
  }

  /**
   * A failure as an object-answering call gives it (bindings/Failure.h): the message, the status code
   * when the binding gives one (contract/Status.h), the figures of an OutOfMemory failure.
   */
  export interface RawError {
    error: string;
    code?: number;
    figures?: { what: string; bytesNeeded: number; bytesFree: number; heapBytes: number; heapMaxBytes: number };
  }

  /**
   * One search's answer. `status` is "found", "no path" or why the query could not run; `code` is its
   * status code (contract/Status.h), which decides.
   */
  export interface RawPathResult {
    status: string;
    code: number;
    found: boolean;
    cost?: number;
    /** x0, y0, x1, y1, … from start to goal inclusive; empty unless found. */
    cells?: Int32Array;
    stats?: RawSearchStats;
    /** A* only: all expansions. */
    expanded?: number;
    /** Set instead of everything else when the call could not run. */
    error?: string;
  }

  /** One search of a traced query (SearchTraceToJS.h). */
  export interface RawTracedSearch {
    phase: 'insertion' | 'abstract' | 'refinement' | 'astar';
    level: number;
    closed: Int32Array;
    open: Int32Array;
  }

  /** A traced query: the path and every search it ran. */
  export interface RawTracedPath {
    path: RawPathResult;
    searches: RawTracedSearch[];
    refined: Int32Array;
    segmentEnds: Uint32Array;
    segmentSearchEnds: Uint32Array;
    smoothing: { from: number; to: number; line: Int32Array }[];
  }

  /** A traced query on a block world: as RawTracedPath, cells as x, y, z triples. */
  export interface RawWorldTracedPath extends Omit<RawTracedPath, 'path'> {
    path: RawWorldPath;
  }

  /** `AStarHandle` in AStarBinding.cpp: an A* query object that keeps its scratch between calls. */
  export interface RawAStar extends EmbindHandle {
    findPath(grid: RawGrid, sx: number, sy: number, gx: number, gy: number): RawPathResult;
    traceFindPath(grid: RawGrid, sx: number, sy: number, gx: number, gy: number): RawTracedPath | RawError;
  }

  export interface RawJPS extends EmbindHandle {
    findPath(grid: RawGrid, sx: number, sy: number, gx: number, gy: number): RawPathResult;
  }

  /** JPS+ (JumpPointBinding.cpp): the jump table of one grid. */
  export interface RawJPSPlus extends EmbindHandle {
    /** `""` or why not (an out-of-memory message when the heap has no room for the table). */
    build(grid: RawGrid): string;
    findPath(sx: number, sy: number, gx: number, gy: number): RawPathResult;
    width(): number;
    height(): number;
    tableBytes(): number;
  }

  /** A batch's answers (pathBatchToJS in BatchToJS.h); `offsets` counts cells, n + 1 entries. */
  export interface RawBatch {
    status: Uint8Array;
    cost: Float64Array;
    expanded: Uint32Array;
    offsets: Uint32Array;
    cells: Int32Array;
  }

  /** A block world's batch (worldPathBatchToJS): with `toNearest`, the queries as searched and their EndpointMove bytes. */
  export interface RawWorldBatch extends RawBatch {
    searched?: Int32Array;
    snapped?: Uint8Array;
  }

  /** A plan batch's answers (planBatchToJS in BatchToJS.h); offsets count cells, n + 1 entries. */
  export interface RawPlanBatch {
    status: Uint8Array;
    expanded: Uint32Array;
    segments: Uint32Array;
    waypointOffsets: Uint32Array;
    waypoints: Int32Array;
    firstSegmentOffsets: Uint32Array;
    firstSegments: Int32Array;
  }

  /**
   * An options object as the module reads and writes it: one entry per field of the core's
   * declaration (RawOptionField), all set when the module writes it. The package's types for it are
   * `ResolvedHierarchyOptions`, `ResolvedShpaOptions`, `ResolvedHaaOptions` and
   * `ResolvedWorldHierarchyOptions`, generated from that declaration.
   */
  export type RawOptions = Record<string, number | boolean | string>;
  /** An options object given to the module: any object; missing fields keep the core's defaults. */
  export type RawOptionsInput = object;

  /** What the last terrain edit rebuilt. */
  export interface RawUpdateStats {
    cellsChanged: number;
    /** Per level, level 1 first. */
    clustersRebuilt: number[];
    /** Per level, level 1 first: the ids and rectangles (x0, y0, x1, y1 each) of the rebuilt clusters. */
    rebuilt: { level: number; clusters: Int32Array; rects: Int32Array }[];
    ms: number;
    topGraphChanged: boolean;
  }

  /** HpaStarHandle::refreshHeuristics(). */
  export interface RawRefreshProgress {
    done: boolean;
    stepsDone: number;
    /** The phase under way (HeuristicRefresh::phase): `'landmarks'`, then `'distance table'`. */
    phase: string;
    stepsTotal: number;
  }

  /** abstractGraphToJS (bindings/AbstractGraphToJS.h): `nodes` x, y per node, x, y, z in a block world. */
  export interface RawWorldAbstractGraph {
    level: number;
    nodeIds: Uint32Array;
    nodes: Int32Array;
    nodeLevels: Uint8Array;
    edgeFrom: Uint32Array;
    edgeTo: Uint32Array;
    edgeCost: Float64Array;
    edgeKind: Uint8Array;
  }

  /** HpaStarHandle::abstractGraph(level): as a block world's, with the kinds also as 0/1 flags. */
  export interface RawAbstractGraph extends RawWorldAbstractGraph {
    edgeInter: Uint8Array;
  }

  /** HpaStarHandle::stats(): the same fields as `HierarchyStats` in types.ts. */
  export interface RawHierarchyStats {
    buildMs: number;
    bytes: number;
    gridBytes: number;
    entrances: number;
    components: number;
    distanceTableNodes: number;
    optionalBytes: { trees: number; paths: number; landmarks: number; distanceTable: number };
    levels: { level: number; clusterSize: number; clusters: number; nodes: number; interEdges: number; intraEdges: number }[];
  }

  /** `HpaPlanHandle::summary()` and `WorldPlanHandle::summary()` (planSummaryToJS): what a plan found. */
  export interface RawPlanSummary<Stats = RawSearchStats> {
    status: string;
    code: number;
    found: boolean;
    waypoints: Int32Array;
    segments: number;
    stats: Stats;
    /** The planner's version it was made on. */
    version: number;
    error?: string;
  }

  /** `HpaPlanHandle` in HpaStarBinding.cpp: one plan, refined by an HPAStarQuery. */
  export interface RawHPAStarPlan extends EmbindHandle {
    summary(): RawPlanSummary;
    done(): boolean;
  }

  /** `HpaQueryHandle` in HpaStarBinding.cpp: a query object of one planner (its scratch). */
  export interface RawHPAStarQuery extends EmbindHandle {
    /** `anyAngle`: the path's cells become the corners of its any-angle shape, its cost their length. */
    findPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean, anyAngle: boolean): RawPathResult;
    traceFindPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean): RawTracedPath | RawError;
    findPaths(queries: Int32Array, smooth: boolean, keepCells: boolean, anyAngle: boolean): RawBatch | RawError;
    /** Plans only (abstract path, and the first segment when asked for). */
    planPaths(queries: Int32Array, refineFirstSegment: boolean): RawPlanBatch | RawError;
    /** A new plan, owned by the caller (delete() it). */
    /** `smooth`: each piece handed out is smoothed with the next segments (HpaPlanOptions::smooth). */
    plan(sx: number, sy: number, gx: number, gy: number, smooth: boolean): RawHPAStarPlan;
    nextSegment(plan: RawHPAStarPlan): RawPlanSegment;
  }

  /**
   * ReachabilityToJS.h: what both planner handles answer from their component labels (current version).
   * Components are 1.., 0 for "any" where a component is asked for.
   */
  export interface RawReachability {
    componentOf(x: number, y: number): number;
    isReachable(ax: number, ay: number, bx: number, by: number): boolean;
    nearestPassable(x: number, y: number, component: number, maxDistance: number): { x: number; y: number } | null | RawError;
    /** `seed`: a 32-bit unsigned integer. */
    randomPassable(seed: number, component: number): { x: number; y: number } | null | RawError;
    /**
     * Queries packed [sx, sy, gx, gy, ...] moved as the `snap` and `toNearest` options move them
     * (`rule`: ENDPOINT_RULES bits; `snapped`: ENDPOINT_MOVES bits per query).
     */
    snapQueries(queries: Int32Array, rule: number): { searched: Int32Array; snapped: Uint8Array } | RawError;
  }

  /** `FlowFieldsHandle::field` in FlowFieldBinding.cpp: one flow field, its steps copied. */
  export interface RawFlowFieldAnswer {
    directions: Uint8Array;
    width: number;
    height: number;
    /** A block world's fields only. */
    levels?: number;
    goalX: number;
    goalY: number;
    /** A block world's fields only. */
    goalZ?: number;
    component: number;
    version: number;
    corridorsOnly: boolean;
    computedClusters: number;
    clustersIntegrated: number;
    clustersKept: number;
    bytes: number;
  }

  /** `FlowFieldsHandle` in FlowFieldBinding.cpp: a planner's cache of flow fields (a grid's or a block world's). */
  export interface RawFlowFields extends EmbindHandle {
    /** `goal` [x, y] (a world: [x, y, z]); `starts` packed the same way, empty for the goal's whole component. */
    field(goal: Int32Array, starts: Int32Array): RawFlowFieldAnswer | RawError;
    clear(): void;
    bytes(): number;
  }
  /** A grid planner's flow fields. */
  export type RawHPAStarFlowFields = RawFlowFields;

  /**
   * Told how far a build is: its phase and the share of the whole done (0 to 1, never going back);
   * answers `false` to cancel it. Must not throw (an exception would cross the core's frames).
   */
  export type RawProgress = (phase: string, done: number) => boolean | void;

  /** What the HPA*, SHPA* and HAA* handles all answer: their options, figures and map. */
  export interface RawGridPlannerHandle<Stats> extends EmbindHandle {
    built(): boolean;
    /** Null until built. */
    options(): RawOptions | null;
    /** Null until built. */
    stats(): Stats | null;
    width(): number;
    height(): number;
    terrain(): Uint8Array;
  }

  /** `HpaStarHandle` in HpaStarBinding.cpp: the planner's shared data (searches: RawHPAStarQuery). */
  export interface RawHPAStar extends RawGridPlannerHandle<RawHierarchyStats>, RawReachability {
    /** Fields missing from `options` take the core's defaults. `""` or the problem (cancelled: a Refused code). */
    build(grid: RawGrid, options: RawOptionsInput, progress: RawProgress | null): string;
    buildFromTerrain(terrain: Uint8Array, width: number, height: number, options: RawOptionsInput, progress: RawProgress | null): string;
    /** Loads bytes written by serialize(); `""` or why they are refused. */
    load(bytes: Uint8Array): string;
    /** The hierarchy as bytes (empty until built), or why there is no room for them. */
    serialize(): Uint8Array | RawError;
    /** The agent class of the grid it was built on. */
    agent(): { size: number; capability: string };
    /** As the Grid's, on the current version's terrain. */
    terrainRect(x: number, y: number, w: number, h: number): Uint8Array | RawError;
    passableRect(x: number, y: number, w: number, h: number): Uint8Array | RawError;
    /** The hierarchy's own version: 0 when built, as saved when loaded, +1 per edit that changed a cell. */
    version(): number;
    abstractGraph(level: number): RawAbstractGraph | RawError;
    /** `progress`: told the rebuild's phase and share done (its answer ignored: an edit never stops half-way). */
    applyEdits(edits: Int32Array, progress: RawProgress | null): string;
    /** New kind multipliers as [code, multiplier, ...]; `""` or the problem. */
    setTerrainCosts(pairs: number[]): string;
    /** The multiplier of each terrain kind, in the order of `terrainCharacters().kinds`. */
    terrainCosts(): number[];
    /** A copy of the cost layer, or null. */
    costLayer(): Uint8Array | null;
    lastUpdate(): RawUpdateStats;
    /** The component labels for a main-thread view: the given rects' cells' regions and the tables (web/lib/reachabilityView.ts). */
    labels(rects: Int32Array): { version: number; rects: Int32Array; regions: Uint32Array; regionBase: Uint32Array; regionComponent: Uint32Array } | RawError;
    /** How a view finds a cell's level-1 cluster. */
    labelLayout(): { side: number; columns: number; cellClusters: Uint32Array } | RawError;
    heuristicsStale(): boolean;
    refreshHeuristics(budgetMs: number): RawRefreshProgress | RawError;
  }

  /** ShpaStarHandle::stats(): the same fields as `ShpaStats` in types.ts. */
  export interface RawShpaStats {
    buildMs: number;
    bytes: number;
    gridBytes: number;
    initialClusters: number;
    clusters: number;
    merges: number;
    nodes: number;
    interEdges: number;
    intraEdges: number;
    maxClusterNodes: number;
    components: number;
  }

  /** `ShpaStarHandle` in ShpaStarBinding.cpp: static maps only, no serialized form. */
  export interface RawSHPAStar extends RawGridPlannerHandle<RawShpaStats>, RawReachability {
    /** Fields missing from `options` take the core's defaults. `""` or the problem. */
    build(grid: RawGrid, options: RawOptionsInput): string;
    buildFromTerrain(terrain: Uint8Array, width: number, height: number, options: RawOptionsInput): string;
    /** The multiplier of each terrain kind of the grid it was built from (`terrainCharacters().kinds` order). */
    terrainCosts(): number[];
    /** A copy of that grid's cost layer, or null. */
    costLayer(): Uint8Array | null;
    /** `anyAngle`: the path's cells become the corners of its any-angle shape, its cost their length. */
    findPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean, anyAngle: boolean): RawPathResult;
    traceFindPath(sx: number, sy: number, gx: number, gy: number, smooth: boolean): RawTracedPath | RawError;
    /** The cluster of every cell, row-major; -1 for blocked cells; or why there is no room for it. */
    cellClusters(): Int32Array | RawError;
    findPaths(queries: Int32Array, smooth: boolean, keepCells: boolean, anyAngle: boolean): RawBatch | RawError;
    /** Always the static-maps message: SHPA* cannot be edited. */
    applyEdits(edits: Int32Array): string;
  }

  /** One graph's size (AbstractionSize in cpp/haa/AnnotatedHierarchy.h). */
  export interface RawAbstractionSize {
    nodes: number;
    interEdges: number;
    intraEdges: number;
  }

  /** `AnnotatedHierarchyStats` of a HAA* planner. */
  export interface RawHaaStats {
    buildMs: number;
    updateMs: number;
    rebuiltClusters: number;
    bytes: number;
    clusters: number;
    transitions: number;
    initial: RawAbstractionSize;
    high: RawAbstractionSize;
    low: RawAbstractionSize;
    searched: RawAbstractionSize;
  }

  /** A HAA* answer: a path answer plus the abstract path's cells (x, y pairs, empty when not found). */
  export interface RawHaaPathResult extends RawPathResult {
    abstractPath?: Int32Array;
  }

  /** `HaaStarHandle` in HaaStarBinding.cpp. Capabilities are comma lists of terrain names ("ground,trees"). */
  export interface RawHAAStar extends RawGridPlannerHandle<RawHaaStats> {
    /** Fields missing from `options` take the core's defaults. `""` or the problem. */
    build(grid: RawGrid, options: RawOptionsInput): string;
    /** The capabilities the hierarchy keeps, as comma lists. */
    capabilities(): string[];
    /** `""` when the planner serves the agent, else why not. */
    checkAgent(size: number, capability: string): string;
    findPath(sx: number, sy: number, gx: number, gy: number, size: number, capability: string): RawHaaPathResult;
    findPaths(queries: Int32Array, size: number, capability: string, keepCells: boolean): RawBatch | RawError;
    /** The clearance of every cell for `capability`, row-major; kind "true" or "brushfire". */
    clearance(capability: string, kind: string): Uint8Array | RawError;
    /** The kept graph, each undirected edge once, annotated, with whether it admits the agent. */
    graph(size: number, capability: string): RawHaaGraph | RawError;
    /** Every step across a cluster border, its clearance per capability, and the scanner's transitions. */
    crossings(): RawHaaCrossings | RawError;
    /** Terrain edits packed [x, y, code, cost, ...]: `""` or why they are refused. */
    applyEdits(edits: Int32Array): string;
    /** 0 when built, +1 per applyEdits given edits (AnnotatedHierarchy::version). */
    version(): number;
    /** What the last applyEdits rebuilt: one level, the clusters whose intra-edges were found again. */
    lastUpdate(): RawUpdateStats;
  }

  /** `AnnotatedAStarHandle` in HaaStarBinding.cpp: Annotated A* over one grid for one capability. */
  /** `HaaStarHandle::graph` (HaaStarBinding.cpp). */
  export interface RawHaaGraph {
    clusters: Int32Array;
    nodes: Int32Array;
    edgeFrom: Int32Array;
    edgeTo: Int32Array;
    edgeCost: Float64Array;
    edgeInter: Uint8Array;
    edgeClearance: Uint8Array;
    edgeCapability: Uint8Array;
    edgeAdmits: Uint8Array;
  }

  /** `HaaStarHandle::crossings` (HaaStarBinding.cpp). */
  export interface RawHaaCrossings {
    crossings: Int32Array;
    clearance: Uint8Array;
    transitions: Int32Array;
  }

  export interface RawAnnotatedAStar extends EmbindHandle {
    /** `""` or the problem (a bad capability, a grid not loaded, no room for the clearance map). */
    build(grid: RawGrid, capability: string): string;
    /** As build, with the clearance of `kind` ("true" or "brushfire"). */
    buildWithClearance(grid: RawGrid, capability: string, kind: string): string;
    findPath(sx: number, sy: number, gx: number, gy: number, size: number): RawPathResult;
    clearance(): Uint8Array;
  }

  /** A search's answer on a block world (WorldBinding.cpp): cells are x, y, z triples. */
  export interface RawWorldPath {
    status: string;
    code: number;
    found: boolean;
    cost: number;
    cells: Int32Array;
    expanded: number;
    /** HPA* only: the expansions per phase. */
    stats?: RawWorldHpaStats;
    /** HPA* with `toNearest`, when the goal was moved: the cell the path ends on. */
    reached?: { x: number; y: number; z: number };
  }

  /** WorldHpaStats (cpp/world/WorldHpaQuery.h): the expansions of one HPA* query on a world, per phase. */
  export interface RawWorldHpaStats {
    expandedInsertion: number;
    expandedAbstract: number;
    expandedRefinement: number;
    abstractPathNodes: number;
  }

  /** One segment of a plan refined: cells (x, y pairs on a grid, x, y, z triples in a world), null once done, or stale. */
  export type RawPlanSegment = { cells: Int32Array; expandedRefinement: number } | RawError | null;

  /** `BlockWorldHandle` in WorldBinding.cpp: a block world, empty until parsed or generated. */
  export interface RawBlockWorld extends EmbindHandle {
    /** World text as UTF-8 bytes: `""` or `"<fileName>:<line>: <problem>"`. */
    parse(text: Uint8Array, fileName: string): string;
    /** `""` or why not (unknown kind, size refused, seed not an integer). */
    generate(kind: string, width: number, height: number, levels: number, seed: number): string;
    loaded(): boolean;
    width(): number;
    height(): number;
    levels(): number;
    /** The block code at (x, y, z), -1 outside. */
    blockAt(x: number, y: number, z: number): number;
    standing(x: number, y: number, z: number): boolean;
    /** The block codes of level z, row-major. */
    floor(z: number): Uint8Array | RawError;
    /** 1 where an agent stands on level z, else 0, row-major. */
    standingFloor(z: number): Uint8Array | RawError;
    /** Changes packed [x, y, z, code, ...]: `""` or why they are refused. */
    setBlocks(changes: Int32Array): string;
    /** One value 1..255 per cell in index order ((z * height + y) * width + x), or null to take it off. */
    setCostLayer(layer: Uint8Array | null): string;
    costLayer(): Uint8Array | null;
    setCellCost(x: number, y: number, z: number, value: number): string;
    /** The component label (1..), 0 where no agent stands, -1 outside. */
    componentOf(x: number, y: number, z: number): number;
    componentCount(): number;
    isReachable(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number): boolean;
    /** The world in the text format. */
    text(): string;
    /** validateWorldPath (cpp/world/WorldPathValidator.h): `""` or the problem. */
    validatePath(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number, cells: Int32Array, reportedCost: number, tolerance: number): string;
    /** The WorldMoves.h code of the legal move from a to b (WORLD_MOVES), or -1. */
    moveBetween(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number;
    /** The nearest standing cell within maxDistance, null, or an error. */
    nearestStanding(x: number, y: number, z: number, maxDistance: number): { x: number; y: number; z: number } | null | RawError;
  }

  /** `WorldAStarHandle` in WorldBinding.cpp: optimal A* on a block world. */
  export interface RawWorldAStar extends EmbindHandle {
    findPath(world: RawBlockWorld, sx: number, sy: number, sz: number, gx: number, gy: number, gz: number): RawWorldPath | RawError;
  }

  /** `WorldHpaHandle` in WorldBinding.cpp: HPA* over a block world (its own copy of it). */
  export interface RawWorldHPAStar extends EmbindHandle {
    /** `""` or the problem (cancelled by `progress`: a Refused code). */
    build(world: RawBlockWorld, options: RawOptionsInput, progress: RawProgress | null): string;
    /** Loads bytes written by serialize(); `""` or why they are refused. */
    load(bytes: Uint8Array): string;
    /** The hierarchy as bytes (empty when not built), or `{ error }` when the heap has no room. */
    serialize(): Uint8Array | RawError;
    built(): boolean;
    options(): RawOptions | null;
    stats(): {
      buildMs: number;
      bytes: number;
      pathBytes: number;
      transitions: number;
      components: number;
      heuristicsMs: number;
      heuristicBytes: number;
      distanceTableNodes: number;
      levels: { clusters: number; nodes: number; edges: number }[];
    } | null;
    /**
     * `toNearest`: a goal the start cannot reach becomes the nearest cell it can, named by the answer's `reached`.
     * `anyAngle`: the path's cells become the corners of its any-angle shape, its cost their length.
     */
    findPath(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number, smooth: boolean, toNearest: boolean, anyAngle: boolean): RawWorldPath | RawError;
    /** findPath with every search recorded (WorldSearcher::traceFindPath). */
    traceFindPath(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number, smooth: boolean): RawWorldTracedPath | RawError;
    width(): number;
    height(): number;
    levels(): number;
    /** 0 when built, +1 per applyBlockChanges given changes. */
    version(): number;
    /** Queries packed [sx, sy, sz, gx, gy, gz, ...] on this thread; cells as x, y, z triples. */
    findPaths(queries: Int32Array, keepCells: boolean, toNearest: boolean, anyAngle: boolean): RawWorldBatch | RawError;
    /** Plans of queries packed as for findPaths, on this thread: abstract paths and (when asked) first segments, x, y, z triples. */
    planPaths(queries: Int32Array, refineFirstSegment: boolean): RawPlanBatch | RawError;
    /** Changes packed [x, y, z, code, ...] to the planner's world, then the hierarchy updated: `""` or why they are refused. */
    applyBlockChanges(changes: Int32Array): string;
    /** Cost layer values packed [x, y, z, value, ...]. */
    applyCostChanges(changes: Int32Array): string;
    costLayer(): Uint8Array | null;
    /** What the last applyBlockChanges or applyCostChanges rebuilt. */
    lastUpdate(): RawWorldUpdateStats;
    floor(z: number): Uint8Array | RawError;
    componentOf(x: number, y: number, z: number): number;
    isReachable(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number): boolean;
    /** `{ x, y, z }` of the nearest standing cell of `component` (0: any) within maxDistance, null, or an error. */
    nearestPassable(x: number, y: number, z: number, component: number, maxDistance: number): { x: number; y: number; z: number } | null | RawError;
    /** `seed`: a 32-bit unsigned integer. */
    randomPassable(seed: number, component: number): { x: number; y: number; z: number } | null | RawError;
    /** Boxes x0, y0, z0, x1, y1, z1 (half-open) of the clusters of a level. */
    clusterBoxes(level: number): Int32Array | RawError;
    nodes(): { cells: Int32Array; levels: Uint8Array } | RawError;
    abstractGraph(level: number): RawWorldAbstractGraph | RawError;
  }

  /** `WorldPlanHandle` in WorldBinding.cpp: one plan on a block world, refined by a WorldHPAStarQuery. */
  export interface RawWorldHPAStarPlan extends EmbindHandle {
    summary(): RawPlanSummary<RawWorldHpaStats>;
    done(): boolean;
  }

  /** `WorldHpaQueryHandle` in WorldBinding.cpp: a query object of one world planner (its scratch). */
  export interface RawWorldHPAStarQuery extends EmbindHandle {
    /**
     * `toNearest`: a goal the start cannot reach becomes the nearest cell it can, named by the answer's `reached`.
     * `anyAngle`: the path's cells become the corners of its any-angle shape, its cost their length.
     */
    findPath(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number, smooth: boolean, toNearest: boolean, anyAngle: boolean): RawWorldPath | RawError;
    /** findPath with every search recorded (WorldSearcher::traceFindPath). */
    traceFindPath(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number, smooth: boolean): RawWorldTracedPath | RawError;
    findPaths(queries: Int32Array, keepCells: boolean, toNearest: boolean, anyAngle: boolean): RawWorldBatch | RawError;
    /** A new plan, owned by the caller (delete() it); waypoints as x, y, z triples. */
    plan(sx: number, sy: number, sz: number, gx: number, gy: number, gz: number): RawWorldHPAStarPlan;
    nextSegment(plan: RawWorldHPAStarPlan): RawPlanSegment;
  }

  /** WorldHpaHandle::lastUpdate(). */
  export interface RawWorldUpdateStats {
    blocksChanged: number;
    costsChanged: number;
    cellsChanged: number;
    /** Per abstraction level, level 1 first. */
    clustersRebuilt: number[];
    /** Per abstraction level, level 1 first: the ids and boxes (x0, y0, z0, x1, y1, z1 each, half-open) of the rebuilt clusters. */
    rebuilt: { level: number; clusters: Int32Array; boxes: Int32Array }[];
    componentsJoined: boolean;
    ms: number;
  }

  /** `ParallelSearchHandle` in ParallelSearch.cpp (pthread build only). */
  export interface RawParallelSearch extends EmbindHandle {
    threads(): number;
    findPaths(planner: RawHPAStar, queries: Int32Array, smooth: boolean, keepCells: boolean, anyAngle: boolean): RawBatch | RawError;
    /** The same over an SHPA* planner's graph. */
    findPathsShpa(planner: RawSHPAStar, queries: Int32Array, smooth: boolean, keepCells: boolean, anyAngle: boolean): RawBatch | RawError;
    /** HAAStar.findPaths spread over the threads, every query for one agent. */
    findPathsHaa(planner: RawHAAStar, queries: Int32Array, size: number, capability: string, keepCells: boolean): RawBatch | RawError;
    /** WorldHPAStar.findPaths spread over the threads (queries packed [sx, sy, sz, gx, gy, gz, ...]). */
    findPathsWorld(planner: RawWorldHPAStar, queries: Int32Array, keepCells: boolean, toNearest: boolean, anyAngle: boolean): RawWorldBatch | RawError;
    /** HPAStar.planPaths spread over the threads. */
    planPaths(planner: RawHPAStar, queries: Int32Array, refineFirstSegment: boolean): RawPlanBatch | RawError;
    /** A world pool's plan batch (queries packed [sx, sy, sz, gx, gy, gz, ...]) spread over the threads. */
    planPathsWorld(planner: RawWorldHPAStar, queries: Int32Array, refineFirstSegment: boolean): RawPlanBatch | RawError;
    /** For the pool's tests only: search thread `thread` traps; never returns while the thread exists. */
    trapThreadForTest(thread: number): void;
  }

  /** One field of an option struct as the core declares it (contract/OptionSchema.h, OptionsToJS.h). */
  export interface RawOptionField {
    /** As in the API: `clusterSize`. */
    name: string;
    /** As in messages: `cluster size`. */
    label: string;
    /** The command-line option without `--`, or null when the tools do not take it. */
    cli: string | null;
    doc: string;
    /** More for the API reference (the generated TSDoc), or null when `doc` says it all. */
    details: string | null;
    kind: 'integer' | 'number' | 'boolean' | 'choice';
    /** Integer and number fields: inclusive range (a max of 2^31 - 1 means no upper bound). */
    min: number;
    max: number;
    /** A boolean's switch sets this value (`--no-prune` sets pruneEdges to false). */
    switchSets: boolean;
    /** Choice fields: the names, in the order of their codes. */
    choices: string[];
    default: number | boolean | string;
  }

  /** Which build a module is. */
  export interface RawBuildInfo {
    threads: boolean;
    /**
     * False in the grid modules (hpastar-grid, hpastar-grid-mt): no BlockWorld, WorldAStar, WorldHPAStar,
     * WorldFlowFields, HAAStar, AnnotatedAStar, SHPAStar, nor the tool's parseScenarios,
     * checkScenariosAgainstMap, validatePath, runScenarios, commandTable and algorithmTable.
     */
    full: boolean;
    version: string;
  }

  /** The instantiated single-threaded module. */
  export interface HpastarModule {
    Grid: new () => RawGrid;
    AStar: new () => RawAStar;
    JPS: new () => RawJPS;
    JPSPlus: new () => RawJPSPlus;
    HPAStar: {
      new (): RawHPAStar;
      defaultOptions(): RawOptions;
      chooseOptions(grid: RawGrid, options: RawOptionsInput): { options: RawOptions; reason: string } | string;
    };
    HPAStarQuery: new (planner: RawHPAStar) => RawHPAStarQuery;
    HPAStarFlowFields: new (planner: RawHPAStar) => RawFlowFields;
    WorldFlowFields: new (planner: RawWorldHPAStar) => RawFlowFields;
    SHPAStar: { new (): RawSHPAStar; defaultOptions(): RawOptions; staticMapsOnly(): string };
    HAAStar: { new (): RawHAAStar; defaultOptions(): RawOptions };
    AnnotatedAStar: new () => RawAnnotatedAStar;
    BlockWorld: new () => RawBlockWorld;
    WorldAStar: new () => RawWorldAStar;
    WorldHPAStar: { new (): RawWorldHPAStar; defaultOptions(): RawOptions };
    WorldHPAStarQuery: new (planner: RawWorldHPAStar) => RawWorldHPAStarQuery;
    /** The block kinds of block worlds (cpp/world/Blocks.h), in code order. */
    worldBlockKinds(): { code: number; char: string; name: string }[];
    /** What saved bytes hold, by their magic: a grid's hierarchy, a block world's, or neither (`""`). */
    savedHierarchyKind(bytes: Uint8Array): 'grid' | 'world' | '';
    /** Block worlds' limits and the generator's kinds. */
    worldLimits(): { maxSide: number; maxLevels: number; maxCells: number; maxFileBytes: number; maxAbstractionLevels: number; kinds: string[] };
    /** HAA*'s option declaration (AnnotatedHierarchyOptions). */
    haaOptionFields(): RawOptionField[];
    worldOptionFields(): RawOptionField[];
    /** The largest agent side Annotated A* and HAA* take (kMaxAgentSize). */
    maxAgentSize(): number;
    /** validateFootprintPath (cpp/path/FootprintValidator.h): `""` or the problem. */
    validateFootprintPath(grid: RawGrid, capability: string, size: number, sx: number, sy: number, gx: number, gy: number, cells: Int32Array, reportedCost: number, tolerance: number): string;
    buildInfo(): RawBuildInfo;
    /** The core's declarations (ContractBinding.cpp). */
    hierarchyOptionFields(): RawOptionField[];
    shpaOptionFields(): RawOptionField[];
    /** Status names indexed by status code. */
    pathStatusNames(): string[];
    /** How a status code is read and how a failure crosses (contract/Status.h, bindings/Failure.h). */
    statusContract(): {
      kindShift: number;
      detailMask: number;
      kinds: string[];
      details: Record<string, number>;
      pathStatusCodes: number[];
      separator: string;
    };
    terrainCharacters(): { all: string; passable: string; kinds: string[]; names: string[] };
    /** The path statuses' codes by name (an embind enum): `PathStatus.NoPath.value === 1`. */
    PathStatus: Record<string, { value: number }> & { values: Record<number, { value: number }> };
    /** Terrain costs as the tools' --costs write them ("S=3,T=1.5"): per kind, or why not. */
    parseTerrainCosts(text: string): { multipliers: number[] } | RawError;
    /** The moves of a grid's and a block world's cells and a flow field's codes (generated contract: GRID_MOVES, WORLD_MOVES, FLOW_CODES). */
    moves(): {
      grid: { dx: number[]; dy: number[]; cost: number[] };
      world: { dx: number[]; dy: number[]; dz: number[]; cost: number[] };
      noStep: number;
      notComputed: number;
    };
    /** The kinds of an exported abstract graph's edges by name (generated contract: EDGE_KINDS). */
    edgeKinds(): Record<string, number>;
    limits(): {
      maxGridSide: number;
      maxGridCells: number;
      maxMapFileBytes: number;
      maxScenarioFileBytes: number;
      maxLevels: number;
      minTerrainCost: number;
      maxTerrainCost: number;
      costLayerUnit: number;
    };
    /** The wasm heap (its length is the heap's size). */
    HEAP8: Int8Array;
  }

  /** The pthread build: the same classes plus ParallelSearch. */
  export interface HpastarMtModule extends HpastarModule {
    ParallelSearch: new (threads: number) => RawParallelSearch;
  }

  /** The subset of Emscripten's module arguments that we use. */
  export interface HpastarModuleArgs {
    /** The bytes of the `.wasm`; required in Node, where the module cannot fetch it. */
    wasmBinary?: ArrayBuffer | Uint8Array;
    /**
     * Maps a file name the module asks for (`hpastar.wasm`) to a URL. Do not pass it to the pthread
     * build: its workers are then looked up through it too.
     */
    locateFile?: (path: string, scriptDirectory: string) => string;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    /** Called by the runtime's abort(what) (a failed allocation, std::abort), before it throws. */
    onAbort?: (what: unknown) => void;
  }

  /** Arguments of the pthread build. */
  export interface HpastarMtModuleArgs extends HpastarModuleArgs {
    /** Workers started with the module (`-sPTHREAD_POOL_SIZE=Module.pthreadPoolSize`): one per thread used. */
    pthreadPoolSize: number;
  }
}

declare module '*/wasm/hpastar.mjs' {
  export type * from 'hpastar:raw';
  import type { HpastarModule, HpastarModuleArgs } from 'hpastar:raw';
  /** The factory (`-sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createHpastarModule`). */
  export default function createHpastarModule(moduleArgs?: HpastarModuleArgs): Promise<HpastarModule>;
}

declare module '*/wasm/hpastar-grid.mjs' {
  import type { HpastarModule, HpastarModuleArgs } from 'hpastar:raw';
  /** The factory of the grid module (the members of the full module only are missing: buildInfo().full is false). */
  export default function createHpastarModule(moduleArgs?: HpastarModuleArgs): Promise<HpastarModule>;
}

declare module '*/wasm/hpastar-inline.mjs' {
  import type { HpastarModule, HpastarModuleArgs } from 'hpastar:raw';
  /** The factory of the single-file build (`-sSINGLE_FILE`: the .wasm inlined as base64). */
  export default function createHpastarModule(moduleArgs?: HpastarModuleArgs): Promise<HpastarModule>;
}

declare module '*/wasm/hpastar-mt.mjs' {
  import type { HpastarMtModule, HpastarMtModuleArgs } from 'hpastar:raw';
  /** The factory of the pthread build (`-sEXPORT_NAME=createHpastarMtModule`). */
  export default function createHpastarMtModule(moduleArgs: HpastarMtModuleArgs): Promise<HpastarMtModule>;
}

declare module '*/wasm/hpastar-grid-mt.mjs' {
  import type { HpastarMtModule, HpastarMtModuleArgs } from 'hpastar:raw';
  /** The factory of the pthread build of the grid module. */
  export default function createHpastarMtModule(moduleArgs: HpastarMtModuleArgs): Promise<HpastarMtModule>;
}

// ---- Inspection: the free functions of cpp/bindings/InspectionBinding.cpp (inspect/HierarchyInspection) ----
// Kept in a block of its own; merged into 'hpastar:raw' (both modules have these functions).
declare module 'hpastar:raw' {
  /** hpaClusterRects(planner, level): the clusters of one level. */
  export interface RawClusterRects {
    level: number;
    side: number;
    columns: number;
    rows: number;
    /** x0, y0, x1, y1 per cluster. */
    rects: Int32Array;
  }

  /** One endpoint's edges into one level's graph. */
  export interface RawEndpointEdges {
    nodeIds: Uint32Array;
    /** The nodes' cells, x, y per edge. */
    nodes: Int32Array;
    costs: Float64Array;
  }

  /** hpaQueryConnections(...): a query's start and goal joined to every level's graph. */
  export interface RawQueryConnections {
    levels: { level: number; start: RawEndpointEdges; goal: RawEndpointEdges; direct: number | null }[];
    expandedInsertion: number;
  }

  export interface HpastarModule {
    hpaClusterRects(planner: RawHPAStar, level: number): RawClusterRects | RawError;
    /** `{ status }` names a blocked or outside endpoint (as a path's status). */
    hpaQueryConnections(query: RawHPAStarQuery, sx: number, sy: number, gx: number, gy: number): RawQueryConnections | { status: string; code: number } | RawError;
    /** The component of every cell, row-major (0 blocked, then 1.. by first cell). */
    hpaComponentLabels(planner: RawHPAStar): Uint32Array | RawError;
    /** The level-1 cluster of every cell, row-major, -1 for a blocked cell (squares, or SHPA*'s merged clusters). */
    hpaCellClusters(planner: RawHPAStar): Int32Array | RawError;
    hpaEntrances(planner: RawHPAStar): RawEntrances | RawError;
    hpaClusterBuild(planner: RawHPAStar, cluster: number): RawClusterBuild | RawError;
    hpaNodeTree(planner: RawHPAStar, x: number, y: number): { node: Int32Array; area: Int32Array; distance: Float32Array; direction: Int8Array } | RawError;
  }

  /** hpaEntrances(planner): the level-1 entrances and their transitions. */
  export interface RawEntrances {
    entrances: Int32Array;
    transitions: Int32Array;
    firstTransition: Uint32Array;
  }

  /** hpaClusterBuild(planner, cluster): the intra-edge searches of one level-1 cluster. */
  export interface RawClusterBuild {
    cluster: number;
    nodes: Int32Array;
    searches: { closed: Int32Array; open: Int32Array }[];
    edgeFrom: Uint32Array;
    edgeTo: Uint32Array;
    edgeCost: Float64Array;
  }
}

// ---------------------------------------------------------------------------------------------------
// Moving AI scenario files and the path check (MovingAIBinding.cpp): the core's readers and checker
// for the `hpastar` command-line tool. Merged into `HpastarModule` above.
// ---------------------------------------------------------------------------------------------------
declare module 'hpastar:raw' {
  /**
   * A `.scen` file as columns, one entry per scenario in file order (parseScenarios in
   * MovingAIBinding.cpp); `start` and `goal` hold x, y pairs.
   */
  export interface RawScenarios {
    bucket: Int32Array;
    /** As written in the file, possibly with a directory part. */
    mapNames: string[];
    mapWidth: Int32Array;
    mapHeight: Int32Array;
    start: Int32Array;
    goal: Int32Array;
    optimal: Float64Array;
    /** Line in the file, 1-based. */
    line: Int32Array;
  }

  export interface HpastarModule {
    /** The core's `.scen` reader; `{ error: "<fileName>:<line>: <problem>" }` when the text is refused. */
    parseScenarios(text: string, fileName: string): RawScenarios | RawError;
    /**
     * The core's check of scenarios against their map (name, size, start and goal inside and
     * passable): `""` or `"<scenFile>:<line>: <problem>"`. An empty `mapFile` skips the name check.
     */
    checkScenariosAgainstMap(grid: RawGrid, scenarios: RawScenarios, scenFile: string, mapFile: string): string;
    /**
     * The core's path check (PathValidator.h): `""` when `cells` (x0, y0, x1, y1, …) is a path from
     * start to goal of 8-moves between passable cells, cutting no corner, whose cost is `reportedCost`
     * within `tolerance` (relative); else the problem.
     */
    validatePath(grid: RawGrid, sx: number, sy: number, gx: number, gy: number, cells: Int32Array, reportedCost: number, tolerance: number): string;
  }
}

// ---------------------------------------------------------------------------------------------------
// The core's scenario runner (ScenarioBinding.cpp, batch/ScenarioRun.h): what `hpastar scen` runs its
// planner through, as the native `hpa scen` does. Merged into `HpastarModule` above.
// ---------------------------------------------------------------------------------------------------
declare module 'hpastar:raw' {
  /** One entry per scenario, in order; `problems[i]` is `""` for a valid path or one not found. */
  export interface RawScenarioOutcomes {
    found: Uint8Array;
    valid: Uint8Array;
    /** The path's cost, 0 when not found. */
    length: Float64Array;
    /** The optimum it is measured against: the file's, or A*'s on a weighted map. */
    optimal: Float64Array;
    subopt: Float64Array;
    /** The query's time in microseconds, timed by the core around the call of `findPath`. */
    us: Float64Array;
    expandedInsertion: Float64Array;
    expandedMain: Float64Array;
    expandedRefinement: Float64Array;
    problems: string[];
  }

  export interface RawScenarioSummary {
    found: number;
    unsolved: number;
    invalid: number;
    expandedSum: number;
    meanSubopt: number;
    maxSubopt: number;
    maxRelErr: number;
    usTotal: number;
  }

  export interface HpastarModule {
    /**
     * Runs the scenarios through `findPath` one at a time (`warmup` untimed rounds first, each query
     * the fastest of `passes`), checks every path for the agent (`size`, `capability`) and sums the
     * figures; with `haveOptima` on a weighted grid, the optima are A*'s. `{ error }` for a bad agent.
     */
    runScenarios(
      grid: RawGrid,
      scenarios: { start: Int32Array; goal: Int32Array; optimal: Float64Array },
      settings: { size: number; capability: string; haveOptima: boolean; warmup: number; passes: number },
      findPath: (sx: number, sy: number, gx: number, gy: number) => { found: boolean; cost: number; cells: Int32Array; stats: { expandedInsertion: number; expandedMain: number; expandedRefinement: number } },
    ): { outcomes: RawScenarioOutcomes; summary: RawScenarioSummary } | { error: string };
  }
}

// ---------------------------------------------------------------------------------------------------
// The command table of both command-line tools (CommandTableBinding.cpp, contract/CommandTable.h), read
// by scripts/generate-contract.mjs. Merged into `HpastarModule` above.
// ---------------------------------------------------------------------------------------------------
declare module 'hpastar:raw' {
  export interface RawCommandFlag {
    name: string;
    kind: 'integer' | 'number' | 'switch' | 'text';
    value: string;
    doc: string;
    min: number;
    max: number;
    default: number | string | boolean;
    native: boolean;
    package: boolean;
  }

  export interface RawCommandSpec {
    name: string;
    operand: string;
    doc: string;
    native: boolean;
    package: boolean;
    flags: RawCommandFlag[];
  }

  export interface RawAlgorithmSpec {
    name: string;
    /** One line for the help. */
    doc: string;
    /** The option table it takes: `'hierarchy'`, `'shpa'`, `'haa'` (the module's `…OptionFields()`), or `''`. */
    optionTable: string;
    /** A flag of that table it does not take, or `''`. */
    notTaken: string;
    /** Its flags beyond the table (`--no-smooth`, `--size`, …). */
    flags: RawCommandFlag[];
  }

  export interface HpastarModule {
    /** Every command of `hpa` and `npx hpastar`, in help order, with its own flags. */
    commandTable(): RawCommandSpec[];
    /** Every planner of `--algo`, in help order. */
    algorithmTable(): RawAlgorithmSpec[];
  }
}
