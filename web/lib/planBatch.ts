/**
 * Answers to many plans at once, as typed arrays: what `HPAStar.planPaths` and the worker pool's
 * `planPaths` return. A plan is the abstract path of a query (its waypoints) and, when asked for, its
 * first segment refined to cells, so that an agent can start walking as soon as the batch arrives.
 * @module
 */
import { QueryBatch } from './batch.ts';

/** The arrays of a plan batch (what crosses between threads). Offsets count cells, not numbers. */
export interface PlanBatchArrays {
  /** One {@link PathStatusCode} per query. */
  readonly status: Uint8Array;
  /** Nodes expanded per query: start and goal insertion, abstract search, first segment's refinement. */
  readonly expanded: Uint32Array;
  /** Segments per plan, as {@link PathPlan.segmentCount}: waypoints - 1, or 1 when start is goal; 0 when not found. */
  readonly segments: Uint32Array;
  /** `count + 1` entries: query i's waypoints are cells `waypointOffsets[i]` to `waypointOffsets[i + 1] - 1`. */
  readonly waypointOffsets: Uint32Array;
  /** Every plan's abstract path (start first, goal last), query after query, as x, y pairs (x, y, z triples from a world pool). */
  readonly waypoints: Int32Array;
  /** `count + 1` entries, as `waypointOffsets`, into `firstSegments`. */
  readonly firstSegmentOffsets: Uint32Array;
  /** Every plan's first segment refined (start cell included), packed as `waypoints`; empty when not asked for. */
  readonly firstSegments: Int32Array;
}

/**
 * The plans of a batch of queries, in the order of the queries.
 *
 * Segment k of a plan joins waypoints k and k + 1. The first one comes refined with the plan; the
 * others are refined by searching between their two waypoints (`findPaths` of a planner or a pool,
 * with `smooth: false`): a search that stays within one or two clusters of the top level, and needs
 * nothing remembered from the plan, so any worker can answer it.
 *
 * @example
 * ```ts
 * const plans = await pool.planPaths(queries);
 * for (let i = 0; i < plans.count; i++) {
 *   if (plans.found(i)) agent[i].walk(plans.firstSegment(i), plans.waypointsOf(i));
 * }
 * ```
 */
export class PlanBatch extends QueryBatch implements PlanBatchArrays {
  readonly expanded: Uint32Array;
  readonly segments: Uint32Array;
  readonly waypointOffsets: Uint32Array;
  readonly waypoints: Int32Array;
  readonly firstSegmentOffsets: Uint32Array;
  readonly firstSegments: Int32Array;
  /** Numbers per cell: 2 (x, y) from a grid's planner or pool, 3 (x, y, z) from a world pool. */
  readonly cellSize: 2 | 3;

  /** @internal Made by `HPAStar.planPaths` and the pools. */
  constructor(arrays: PlanBatchArrays, version: number, cellSize: 2 | 3 = 2) {
    super('PlanBatch', arrays.status, version);
    this.cellSize = cellSize;
    this.expanded = arrays.expanded;
    this.segments = arrays.segments;
    this.waypointOffsets = arrays.waypointOffsets;
    this.waypoints = arrays.waypoints;
    this.firstSegmentOffsets = arrays.firstSegmentOffsets;
    this.firstSegments = arrays.firstSegments;
  }

  /** Query `i`'s abstract path x0, y0, x1, y1, … (with z from a world pool; start first, goal last): a view, empty when not found. */
  waypointsOf(i: number): Int32Array {
    const k = this.checkedIndex('waypointsOf', i);
    const n = this.cellSize;
    return this.waypoints.subarray(n * this.waypointOffsets[k]!, n * this.waypointOffsets[k + 1]!);
  }

  /**
   * Query `i`'s first segment refined, x0, y0, x1, y1, … from the start cell to the second waypoint
   * (as the first {@link PathPlan.nextSegment}): a view, empty when not found or not asked for.
   */
  firstSegment(i: number): Int32Array {
    const k = this.checkedIndex('firstSegment', i);
    const n = this.cellSize;
    return this.firstSegments.subarray(n * this.firstSegmentOffsets[k]!, n * this.firstSegmentOffsets[k + 1]!);
  }
}
