// The algorithms the demo offers, through the package's public API only: A* (AStar), HPA* with one to
// three levels, DHPA* (HPAStar.build with cacheTrees) and, when the module has it, SHPA*
// (SHPAStar.build: static maps, rebuilt after an edit), and HAA* (HAAStar.build: agents of a size and a
// terrain capability, with Annotated A* as their reference; rebuilt after an edit). Planners are built once per set of options and
// kept while the map stays; a terrain edit goes to the planner on screen (applyEdits), the others are
// dropped and built again when asked for.
import { HAA_OPTION_RANGES, HIERARCHY_OPTION_DEFAULTS, SHPA_OPTION_RANGES } from '../lib/generated/contract';
import { TERRAIN } from '../lib/terrain';
import type { AnnotatedAStar, AStar, ClearanceKind, HAAStar, Grid, HPAStar, Hpastar, HierarchyOptions, PathResult, Point, SearchStats, SHPAStar, TerrainCosts, TerrainEdit, UpdateStats } from '../lib/index';
import { componentLabels, traceSearch, type ComponentLabels, type TracedPath } from '../lib/inspect';

export type AlgoId = 'astar' | 'hpa1' | 'hpa2' | 'hpa3' | 'dhpa1' | 'dhpa2' | 'dhpam' | 'shpa' | 'haa';

export interface AlgoInfo {
  id: AlgoId;
  label: string;
  /** A* over cells, HPA* (or DHPA*) over square clusters, SHPA* over merged clusters, HAA* for sized agents. */
  kind: 'astar' | 'hpa' | 'shpa' | 'haa';
  /** Abstract levels of HPA*; 0 for A* and SHPA*. */
  levels: number;
  /** DHPA*: shortest-path trees per node (cacheTrees). */
  trees: boolean;
  /** HPA* with SHPA*'s merged clusters at level 1 (mergedClusterSide): editable, unlike SHPAStar. */
  merged?: boolean;
}

const ALL: readonly AlgoInfo[] = [
  { id: 'astar', label: 'A* (optimal)', kind: 'astar', levels: 0, trees: false },
  { id: 'hpa1', label: 'HPA*, 1 level', kind: 'hpa', levels: 1, trees: false },
  { id: 'hpa2', label: 'HPA*, 2 levels', kind: 'hpa', levels: 2, trees: false },
  { id: 'hpa3', label: 'HPA*, 3 levels', kind: 'hpa', levels: 3, trees: false },
  { id: 'dhpa1', label: 'DHPA*, 1 level', kind: 'hpa', levels: 1, trees: true },
  { id: 'dhpa2', label: 'DHPA*, 2 levels', kind: 'hpa', levels: 2, trees: true },
  { id: 'dhpam', label: "DHPA*, SHPA*'s merged clusters", kind: 'hpa', levels: 1, trees: true, merged: true },
  { id: 'shpa', label: 'SHPA* (static maps)', kind: 'shpa', levels: 0, trees: false },
  { id: 'haa', label: 'HAA* (agent size and terrain)', kind: 'haa', levels: 0, trees: false },
];

/** Every algorithm id the demo knows (a permalink may name SHPA* before the module is loaded). */
export const ALL_IDS: readonly AlgoId[] = ALL.map((a) => a.id);

/**
 * The algorithms offered, and those the demo knows but the loaded module lacks (shown disabled, so that
 * a build without SHPA* says so). Planners the package does not have at all are not listed.
 */
export interface AlgorithmChoice {
  offered: readonly AlgoInfo[];
  notYet: readonly { id: string; label: string }[];
}

// The SHPA* factory is looked up, not taken for granted, so that a build of the package without SHPA* says so.
type ShpaFactory = { build(grid: Grid, options?: { maxClusterSide?: number }): SHPAStar };
const shpaFactory = (hp: Hpastar): ShpaFactory | null => (hp as unknown as { SHPAStar?: ShpaFactory }).SHPAStar ?? null;

/** What a module offers (SHPA* only when it has it); before the module is loaded, `hp` is null. */
export function algorithmChoice(hp: Hpastar | null): AlgorithmChoice {
  if (hp && shpaFactory(hp)) return { offered: ALL, notYet: [] };
  return { offered: ALL.filter((a) => a.kind !== 'shpa'), notYet: [{ id: 'shpa', label: 'SHPA* (not in this build)' }] };
}

export const algoInfo = (id: AlgoId): AlgoInfo => ALL.find((a) => a.id === id) ?? ALL[0]!;

/** HAA*'s options: the panel's cluster size within HAA*'s range, agents up to the picker's largest size. */
export const haaOptions = (s: SearchSettings) => {
  const { min, max } = HAA_OPTION_RANGES.clusterSize;
  return { clusterSize: Math.min(max, Math.max(min, s.clusterSize)), maxSize: AGENT_SIZES.at(-1)! };
};

/** The agent sizes the panel offers (HAA*). */
export const AGENT_SIZES = [1, 2, 3] as const;

/** The capabilities the panel offers (HAA*): comma lists of terrain kinds. */
export const CAPABILITIES = ['ground,swamp', 'ground', 'ground,trees', 'ground,water', 'ground,swamp,water,trees', 'water', 'trees'] as const;

/** Whether terrain character `code` is of one of the kinds of `capability` ("ground,trees"). */
export function standsOn(capability: string, code: number): boolean {
  const c = String.fromCharCode(code);
  const kinds = capability.split(',');
  return TERRAIN.kinds.some((k) => kinds.includes(k.name) && k.characters.includes(c));
}

/** SHPA*'s largest cluster side: the panel's cluster size, at least 4, within SHPA*'s range. */
export const shpaOptions = (s: SearchSettings) => ({ maxClusterSide: Math.min(SHPA_OPTION_RANGES.maxClusterSide.max, Math.max(4, s.clusterSize)) });

/** The options the panel sets, shared by every hierarchical algorithm. */
export interface SearchSettings {
  clusterSize: number;
  entranceWidth: number;
  clusterGroup: number;
  smooth: boolean;
  /** HPA* family and SHPA*: the path as straight lines at any angle (FindPathOptions.pathShape). */
  anyAngle: boolean;
  cachePaths: boolean;
  pruneEdges: boolean;
  /** Landmarks of the top-level differential heuristic (0 = octile only). */
  landmarks: number;
  /** Exact top-level node distances: abstract paths read off a table, no search. */
  distanceTable: boolean;
  /** HAA*: the agent's side, in cells (one of AGENT_SIZES). */
  agentSize: number;
  /** HAA*: the terrain the agent may stand on (one of CAPABILITIES). */
  capability: string;
}

/** The path shape the settings ask of the planners that shape paths. */
function pathShapeOf(settings: SearchSettings): 'grid' | 'any-angle' {
  return settings.anyAngle ? 'any-angle' : 'grid';
}

/** The core's defaults of the hierarchy's options (the paper's), the demo's of the rest. */
export const DEFAULT_SETTINGS: SearchSettings = {
  clusterSize: HIERARCHY_OPTION_DEFAULTS.clusterSize,
  entranceWidth: HIERARCHY_OPTION_DEFAULTS.entranceWidth,
  clusterGroup: HIERARCHY_OPTION_DEFAULTS.clusterGroup,
  smooth: true,
  anyAngle: false,
  cachePaths: HIERARCHY_OPTION_DEFAULTS.cachePaths,
  pruneEdges: HIERARCHY_OPTION_DEFAULTS.pruneEdges,
  landmarks: HIERARCHY_OPTION_DEFAULTS.landmarks,
  distanceTable: HIERARCHY_OPTION_DEFAULTS.distanceTable,
  agentSize: 1,
  capability: 'ground,swamp',
};

/** The tiles SHPA*'s merge starts from (SHPAStar's default `initialClusterSize`). */
export const MERGE_TILE = 4;

export function hierarchyOptions(algo: AlgoInfo, s: SearchSettings): HierarchyOptions {
  // Merged clusters: tiles of MERGE_TILE grown up to the panel's cluster size (at least the tile).
  if (algo.merged) {
    const side = Math.min(255, Math.max(MERGE_TILE, s.clusterSize));
    return { ...squareOptions(algo, s), clusterSize: MERGE_TILE, mergedClusterSide: side };
  }
  return squareOptions(algo, s);
}

function squareOptions(algo: AlgoInfo, s: SearchSettings): HierarchyOptions {
  return {
    clusterSize: algo.trees ? Math.min(s.clusterSize, 255) : s.clusterSize,
    levels: Math.max(1, algo.levels),
    clusterGroup: s.clusterGroup,
    entranceWidth: s.entranceWidth,
    cachePaths: s.cachePaths,
    cacheTrees: algo.trees,
    pruneEdges: s.pruneEdges,
    landmarks: s.landmarks,
    distanceTable: s.distanceTable,
  };
}

/** One query's answer, with what the overlays and the numbers need. */
export interface QueryOutcome {
  algo: AlgoInfo;
  found: boolean;
  cost: number;
  /** The final path (smoothed when smoothing is on). */
  cells: Int32Array;
  stats: SearchStats;
  expanded: number;
  /** Time of the search, in milliseconds (the caller may replace it by a mean of repeated runs). */
  ms: number;
  /** HPA* family: the path before smoothing, and the abstract path's cells. */
  unsmoothed: Int32Array | null;
  unsmoothedCost: number;
  waypoints: Int32Array | null;
  /**
   * HPA* family and SHPA*: where a partial path ends when the goal cannot be reached from the start (the
   * `toNearest` option: the reachable cell nearest the goal); null when the path reaches the goal.
   */
  reached: Point | null;
  /**
   * The path is the corners of straight lines at any angle (the Any-angle option), so its cost may be
   * below the grid's optimum that the numbers compare it with.
   */
  anyAngle: boolean;
}

/** Built planners of the map on screen, one per set of hierarchy options. */
export class Planners {
  #hp: Hpastar;
  #grid: Grid;
  #astar: AStar;
  #built = new Map<string, { planner: HPAStar; buildMs: number; used: number }>();
  /** Planners whose stale landmarks and distance table are being refreshed, frame by frame. */
  #refreshing = new Set<string>();
  #shpa: { key: string; planner: SHPAStar; buildMs: number } | null = null;
  #haa: { key: string; planner: HAAStar; buildMs: number } | null = null;
  /** Annotated A* per capability: HAA*'s optimal reference. */
  #annotated = new Map<string, AnnotatedAStar>();
  #clock = 0;
  static readonly KEEP = 6;

  constructor(hp: Hpastar, grid: Grid) {
    this.#hp = hp;
    this.#grid = grid;
    this.#astar = new hp.AStar();
  }

  get grid(): Grid {
    return this.#grid;
  }

  /** The planner for these options, built now if needed (its build time is in `buildMs`). */
  planner(options: HierarchyOptions): { planner: HPAStar; buildMs: number; fresh: boolean } {
    const key = JSON.stringify(options);
    let entry = this.#built.get(key);
    let fresh = false;
    if (!entry) {
      const t0 = performance.now();
      const planner = this.#hp.HPAStar.build(this.#grid, options);
      entry = { planner, buildMs: performance.now() - t0, used: 0 };
      this.#built.set(key, entry);
      fresh = true;
      if (this.#built.size > Planners.KEEP) {
        const oldest = [...this.#built.entries()].filter(([k]) => k !== key).sort((a, b) => a[1].used - b[1].used)[0]!;
        oldest[1].planner.dispose();
        this.#built.delete(oldest[0]);
      }
    }
    entry.used = ++this.#clock;
    return { planner: entry.planner, buildMs: entry.buildMs, fresh };
  }

  /** The SHPA* planner for these settings, built now if needed. */
  shpa(settings: SearchSettings): { planner: SHPAStar; buildMs: number; fresh: boolean } {
    const options = shpaOptions(settings);
    const key = JSON.stringify(options);
    if (this.#shpa?.key === key) return { ...this.#shpa, fresh: false };
    const factory = shpaFactory(this.#hp);
    if (!factory) throw new Error('this build of the package has no SHPA*');
    this.#shpa?.planner.dispose();
    this.#shpa = null;
    const t0 = performance.now();
    const planner = factory.build(this.#grid, options);
    this.#shpa = { key, planner, buildMs: performance.now() - t0 };
    return { ...this.#shpa, fresh: true };
  }

  /** The HAA* planner for these settings, built now if needed. */
  haa(settings: SearchSettings): { planner: HAAStar; buildMs: number; fresh: boolean } {
    const options = haaOptions(settings);
    const key = JSON.stringify(options);
    if (this.#haa?.key === key) return { ...this.#haa, fresh: false };
    this.#haa?.planner.dispose();
    this.#haa = null;
    const t0 = performance.now();
    const planner = this.#hp.HAAStar.build(this.#grid, options);
    this.#haa = { key, planner, buildMs: performance.now() - t0 };
    return { ...this.#haa, fresh: true };
  }

  /** The HAA* planner for these settings if it is built, else null (the overlays never build one). */
  builtHaa(settings: SearchSettings): HAAStar | null {
    return this.#haa?.key === JSON.stringify(haaOptions(settings)) ? this.#haa.planner : null;
  }

  /** The clearance of every cell for the agent's capability, `kind` true or Brushfire; null while HAA* is not built. */
  clearance(settings: SearchSettings, kind: ClearanceKind): Uint8Array | null {
    return this.builtHaa(settings)?.clearance(settings.capability, kind) ?? null;
  }

  /**
   * The optimal answer to the query for `algo`'s agent: A*'s, or for HAA* Annotated A*'s for the
   * agent's size and capability.
   */
  reference(algo: AlgoInfo, settings: SearchSettings, start: Point, goal: Point): PathResult {
    if (algo.kind !== 'haa') return this.astar(start, goal);
    let annotated = this.#annotated.get(settings.capability);
    if (!annotated) {
      annotated = this.#hp.AnnotatedAStar.build(this.#grid, settings.capability);
      this.#annotated.set(settings.capability, annotated);
    }
    return annotated.findPath(start, goal, settings.agentSize);
  }

  /** Whether the planner of `algo` is built for these settings. */
  built(algo: AlgoInfo, settings: SearchSettings): boolean {
    if (algo.kind === 'astar') return true;
    if (algo.kind === 'shpa') return this.#shpa?.key === JSON.stringify(shpaOptions(settings));
    if (algo.kind === 'haa') return this.builtHaa(settings) !== null;
    return this.has(hierarchyOptions(algo, settings));
  }

  /** Builds the planner of `algo` if needed; its build time. */
  prepare(algo: AlgoInfo, settings: SearchSettings): number {
    if (algo.kind === 'astar') return 0;
    if (algo.kind === 'shpa') return this.shpa(settings).buildMs;
    if (algo.kind === 'haa') return this.haa(settings).buildMs;
    return this.planner(hierarchyOptions(algo, settings)).buildMs;
  }

  /** A*'s answer (optimal). */
  astar(start: Point, goal: Point): PathResult {
    return this.#astar.findPath(this.#grid, start, goal);
  }

  /**
   * Runs `algo` on the query. `detail` also asks the HPA* family for the unsmoothed path and the
   * abstract path (extra searches, not timed).
   */
  run(algo: AlgoInfo, settings: SearchSettings, start: Point, goal: Point, detail: boolean): QueryOutcome {
    if (algo.kind === 'astar') {
      const t0 = performance.now();
      const r = this.astar(start, goal);
      const ms = performance.now() - t0;
      return { algo, found: r.found, cost: r.cost, cells: r.cells, stats: r.stats, expanded: r.expanded, ms, unsmoothed: null, unsmoothedCost: r.cost, waypoints: null, reached: null, anyAngle: false };
    }
    if (algo.kind === 'shpa') {
      const { planner } = this.shpa(settings);
      const t0 = performance.now();
      const r = planner.findPath(start, goal, { smooth: settings.smooth, toNearest: true, pathShape: pathShapeOf(settings) });
      const ms = performance.now() - t0;
      const reached = r.reached ?? null;
      let unsmoothed: Int32Array | null = null;
      let unsmoothedCost = r.cost;
      if (detail && r.found && settings.smooth) {
        const raw = planner.findPath(start, reached ?? goal, { smooth: false });
        unsmoothed = raw.cells;
        unsmoothedCost = raw.cost;
      }
      return { algo, found: r.found, cost: r.cost, cells: r.cells, stats: r.stats, expanded: r.expanded, ms, unsmoothed, unsmoothedCost, waypoints: null, reached, anyAngle: settings.anyAngle };
    }
    if (algo.kind === 'haa') {
      const { planner } = this.haa(settings);
      const t0 = performance.now();
      const r = planner.findPath(start, goal, { size: settings.agentSize, capability: settings.capability });
      const ms = performance.now() - t0;
      // Annotated A* refines every abstract edge optimally for the agent: there is no smoothing.
      return { algo, found: r.found, cost: r.cost, cells: r.cells, stats: r.stats, expanded: r.expanded, ms, unsmoothed: null, unsmoothedCost: r.cost, waypoints: r.abstractPath, reached: null, anyAngle: false };
    }
    const { planner } = this.planner(hierarchyOptions(algo, settings));
    const t0 = performance.now();
    const r = planner.findPath(start, goal, { smooth: settings.smooth, toNearest: true, pathShape: pathShapeOf(settings) });
    const ms = performance.now() - t0;
    const reached = r.reached ?? null;
    const to = reached ?? goal;
    let unsmoothed: Int32Array | null = null;
    let unsmoothedCost = r.cost;
    let waypoints: Int32Array | null = null;
    if (detail && r.found) {
      if (settings.smooth) {
        const raw = planner.findPath(start, to, { smooth: false });
        unsmoothed = raw.cells;
        unsmoothedCost = raw.cost;
      } else unsmoothed = r.cells;
      waypoints = planner.plan(start, to).waypoints;
    }
    return { algo, found: r.found, cost: r.cost, cells: r.cells, stats: r.stats, expanded: r.expanded, ms, unsmoothed, unsmoothedCost, waypoints, reached, anyAngle: settings.anyAngle };
  }

  /**
   * The same query as `run`, traced: every search it ran with its open and closed sets (not timed).
   * Null when the planner of `algo` is not built (nothing is built here).
   */
  trace(algo: AlgoInfo, settings: SearchSettings, start: Point, goal: Point): TracedPath | null {
    if (algo.kind === 'astar') return traceSearch(this.#astar, this.#grid, start, goal);
    if (algo.kind === 'shpa') {
      const shpa = this.builtShpa(settings);
      return shpa ? traceSearch(shpa, start, goal, { smooth: settings.smooth }) : null;
    }
    if (algo.kind === 'haa') return null; // HAA* has no traced search (yet)
    const planner = this.builtPlanner(algo, settings);
    return planner ? traceSearch(planner, start, goal, { smooth: settings.smooth }) : null;
  }

  /** The HPA* planner of `algo` if it is built, else null (the overlays never build one). */
  builtPlanner(algo: AlgoInfo, settings: SearchSettings): HPAStar | null {
    if (algo.kind !== 'hpa') return null;
    return this.#built.get(JSON.stringify(hierarchyOptions(algo, settings)))?.planner ?? null;
  }

  /**
   * The connected components of the cells, as a hierarchy labels them: that of `algo` when it is HPA*,
   * else (A* and SHPA* have none) a one-level HPA* hierarchy of these settings, built if needed.
   */
  components(algo: AlgoInfo, settings: SearchSettings): ComponentLabels {
    const planner = this.builtPlanner(algo, settings) ?? this.planner(hierarchyOptions(algoInfo('hpa1'), settings)).planner;
    return componentLabels(planner);
  }

  /** The SHPA* planner for these settings if it is built, else null. */
  builtShpa(settings: SearchSettings): SHPAStar | null {
    return this.#shpa?.key === JSON.stringify(shpaOptions(settings)) ? this.#shpa.planner : null;
  }

  /**
   * Applies terrain edits to the grid and to the planner with options `keep` (its update figures are
   * returned); the other planners are dropped, and built again from the new terrain when asked for.
   */
  applyEdits(edits: readonly TerrainEdit[], keep: HierarchyOptions | null): UpdateStats | null {
    this.#grid.applyEdits(edits);
    // HAA* takes the edits itself (it rebuilds the clusters they reach); the others are dropped.
    const haa = this.#haa;
    this.#haa = null;
    const update = this.#updateKept(keep, (planner) => planner.applyEdits(edits));
    if (haa) {
      haa.planner.applyEdits(edits);
      this.#haa = haa;
    }
    return update;
  }

  /**
   * Sets the terrain kinds' multipliers on the grid (so that planners built from now on follow them) and
   * on the planner with options `keep` (its update figures are returned); the other planners are dropped.
   */
  setTerrainCosts(costs: TerrainCosts, keep: HierarchyOptions | null): UpdateStats | null {
    this.#grid.setTerrainCosts(costs);
    return this.#updateKept(keep, (planner) => planner.setTerrainCosts(costs));
  }

  /** The grid has changed: `change` updates the planner with options `keep`, the others are dropped. */
  #updateKept(keep: HierarchyOptions | null, change: (planner: HPAStar) => UpdateStats): UpdateStats | null {
    // SHPA* is for static maps: it is built again from the edited grid when next asked for.
    this.#shpa?.planner.dispose();
    this.#shpa = null;
    // HAA* (when not kept by applyEdits) and Annotated A* too: built again from the changed grid when
    // next asked for (HAA* has no setTerrainCosts).
    this.#dropAgents();
    const keepKey = keep ? JSON.stringify(keep) : null;
    let update: UpdateStats | null = null;
    for (const [key, entry] of [...this.#built]) {
      if (key === keepKey) {
        update = change(entry.planner);
        if (entry.planner.heuristicsStale) this.#refreshInFrames(key, entry.planner);
      } else {
        entry.planner.dispose();
        this.#built.delete(key);
      }
    }
    return update;
  }

  /**
   * Refreshes a planner's stale landmarks and distance table (HPAStar.refreshHeuristics) 4 ms per frame,
   * so that painting never stalls a frame; searches meanwhile use the stale tables. Stops when done, or
   * when the planner is dropped.
   */
  #refreshInFrames(key: string, planner: HPAStar): void {
    if (this.#refreshing.has(key)) return;
    this.#refreshing.add(key);
    const step = () => {
      if (this.#built.get(key)?.planner !== planner || planner.refreshHeuristics({ budgetMs: 4 }).done) {
        this.#refreshing.delete(key);
        return;
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }

  #dropAgents(): void {
    this.#haa?.planner.dispose();
    this.#haa = null;
    for (const annotated of this.#annotated.values()) annotated.dispose();
    this.#annotated.clear();
  }

  /** Whether a planner with these options is built. */
  has(options: HierarchyOptions): boolean {
    return this.#built.has(JSON.stringify(options));
  }

  dispose(): void {
    for (const { planner } of this.#built.values()) planner.dispose();
    this.#built.clear();
    this.#shpa?.planner.dispose();
    this.#shpa = null;
    this.#dropAgents();
    this.#astar.dispose();
    this.#grid.dispose();
  }
}

/**
 * How much longer than the optimal cost `cost` is, as a fraction (0.01 = 1 % longer); NaN when unknown.
 * The two costs are sums of the same steps in different orders, so an equal path may differ by a few
 * ulps: a difference under 1e-9 is no difference (else "-0.00 %" appears).
 */
export function suboptimality(cost: number, optimal: number): number {
  if (!(optimal > 0) || !Number.isFinite(cost)) return NaN;
  const excess = cost / optimal - 1;
  return Math.abs(excess) < 1e-9 ? 0 : excess;
}
