/**
 * Plans refined one segment at a time, on a grid (`HPAStar.plan`) and in a block world
 * (`WorldHPAStar.plan`): one class for both, the kind of world showing only in how cells are
 * packed (x, y pairs on a grid, x, y, z triples in a world) and in the figures' fields.
 * @module
 */
import type { EmbindHandle, RawHPAStarPlan, RawPlanSegment, RawPlanSummary } from 'hpastar:raw';
import { internal, moduleError, WasmObject } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { pathOutcomeOf } from './results.ts';
import type { PathStatus, SearchStats } from './types.ts';

/** @internal A raw plan of either planner (HpaPlanHandle, WorldPlanHandle). */
export interface RawSegmentedPlan<RawStats> extends EmbindHandle {
  summary(): RawPlanSummary<RawStats>;
}

/** The figures a plan keeps: those of its planner's searches, with the refinement's expansions. */
export interface PlanStats {
  readonly expandedRefinement: number;
}

/**
 * A planned path refined on demand, one segment (between two consecutive waypoints of the abstract
 * path) at a time. Made by `HPAStar.plan` and `HPAStarQuery.plan` on a grid (cells as x, y
 * pairs), by `WorldHPAStar.plan` and `WorldHPAStarQuery.plan` in a block world (x, y, z
 * triples). It holds a little wasm memory (its abstract path), freed when its last segment has been
 * returned or by `dispose()`.
 *
 * @example
 * ```ts
 * const plan = planner.plan(start, goal);
 * for (let cells = plan.nextSegment(); cells; cells = plan.nextSegment()) agent.follow(cells);
 * ```
 */
export class PathPlan<Stats extends PlanStats = SearchStats, Raw extends EmbindHandle = RawHPAStarPlan> extends WasmObject<Raw> {
  /** True when a path exists. */
  readonly found: boolean;
  /** `'found'`, or `'no path'` when start and goal are not connected. */
  readonly status: PathStatus;
  /** The abstract path's cells (start and goal included), packed as the planner's cells; empty when not found. */
  readonly waypoints: Int32Array;
  /** Number of segments: waypoints - 1, or 1 when the start is the goal; 0 when not found. */
  readonly segmentCount: number;
  /** The planner's version the plan was made on. */
  readonly version: number;
  #stats: Stats;
  readonly #refine: (plan: Raw) => { cells: Int32Array; expandedRefinement: number } | null;
  #done: boolean;
  #returned = 0;

  /** @internal Use `planner.plan(start, goal)`. */
  constructor(
    raw: Raw,
    summary: RawPlanSummary<unknown>,
    stats: Stats,
    refine: (plan: Raw) => { cells: Int32Array; expandedRefinement: number } | null,
    name: string,
    state: ModuleState,
    token: typeof internal,
  ) {
    if (token !== internal) throw new TypeError(`use planner.plan(start, goal) to make a ${name}`);
    super(raw, name, state);
    this.found = summary.found;
    this.status = summary.found ? 'found' : 'no path';
    this.waypoints = summary.waypoints;
    this.segmentCount = summary.segments;
    this.version = summary.version;
    this.#stats = stats;
    this.#refine = refine;
    this.#done = !summary.found;
    if (this.#done) this.dispose();
  }

  /** The work done so far: planning, plus the refinement of the segments returned. */
  get stats(): Stats {
    return this.#stats;
  }

  /** True when every segment has been returned (or there is no path). */
  get done(): boolean {
    return this.#done;
  }

  /**
   * The cells of the next segment, packed as the planner's cells: the first segment starts with the
   * start cell, the others with the cell after the previous segment's last, so the segments joined are the path.
   * @returns null once the path is complete
   * @throws Error - when the plan is stale (its planner's terrain or world changed), or it or its query disposed
   */
  nextSegment(): Int32Array | null {
    if (this.#done) return null;
    const segment = this.#refine(this.rawHandle());
    if (segment === null) {
      this.#finish();
      return null;
    }
    this.#stats = Object.freeze({ ...this.#stats, expandedRefinement: this.#stats.expandedRefinement + segment.expandedRefinement });
    if (++this.#returned >= this.segmentCount) this.#finish();
    return segment.cells;
  }

  /** Refines every segment left and returns their cells joined (the whole path if none was taken yet). */
  rest(): Int32Array {
    const parts: Int32Array[] = [];
    let length = 0;
    for (let s = this.nextSegment(); s; s = this.nextSegment()) {
      parts.push(s);
      length += s.length;
    }
    const out = new Int32Array(length);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  // A done plan needs nothing more from wasm: its memory goes at once.
  #finish(): void {
    this.#done = true;
    this.dispose();
  }
}

/** @internal What {@link makePathPlan} needs of the query object that plans and refines. */
export interface PlanningQuery<Raw, RawStats, Stats> {
  /** The query object's class name and the plan's ('HPAStarQuery', 'PathPlan'), for errors. */
  readonly queryName: string;
  readonly planName: string;
  /** The raw query, or null once it has been disposed. */
  peek(): { nextSegment(plan: Raw): RawPlanSegment } | null;
  readonly state: ModuleState;
  stats(raw: RawStats): Stats;
  /** The error of a refused query (a start or goal no agent may stand in), naming the endpoint. */
  refused(planned: RawPlanSummary<RawStats>): Error;
}

/**
 * @internal The {@link PathPlan} of a raw plan a query object just made (its summary checked: an error
 * or a refused query throws, and the raw plan is freed), refined by that query object while it lives.
 */
export function makePathPlan<Raw extends RawSegmentedPlan<RawStats>, RawStats, Stats extends PlanStats>(
  where: string,
  rawPlan: Raw,
  query: PlanningQuery<Raw, RawStats, Stats>,
): PathPlan<Stats, Raw> {
  const planned = rawPlan.summary();
  if (planned.error !== undefined) {
    rawPlan.delete();
    throw moduleError(where, { error: planned.error, code: planned.code });
  }
  if (pathOutcomeOf(planned.code) === 'refused') {
    rawPlan.delete();
    throw query.refused(planned);
  }
  const refine = (plan: Raw) => {
    const raw = query.peek();
    if (!raw) throw new Error(`the ${query.queryName} of this ${query.planName} has been disposed`);
    const segment = query.state.call(`${query.planName}.nextSegment`, () => raw.nextSegment(plan));
    if (segment && 'error' in segment) throw new Error(`this ${query.planName} is stale: ${segment.error.replace(/^the plan is stale: /, '')}`);
    return segment;
  };
  return new PathPlan<Stats, Raw>(rawPlan, planned, query.stats(planned.stats), refine, query.planName, query.state, internal);
}
