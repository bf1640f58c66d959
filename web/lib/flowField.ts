/**
 * Flow fields for a shared goal (issue 18): for every cell of the goal's component, the next step
 * towards the goal, built from an HPA* hierarchy (see {@link HPAStar.flowField}).
 * @module
 */
import type { RawFlowFieldAnswer, RawHPAStarFlowFields } from 'hpastar:raw';
import { cell, describe } from './args.ts';
import { WasmObject, moduleError } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { Point } from './types.ts';

/** {@link FlowField.direction} of the goal, of a blocked cell and of a cell of another component. */
export const FLOW_NO_STEP = 0xff;
/** {@link FlowField.direction} of a cell of a cluster the field left out (`starts` given: outside every corridor). */
export const FLOW_NOT_COMPUTED = 0xfe;
/**
 * The step of each direction 0..7, clockwise from north: direction `d` moves by
 * `(FLOW_DX[d], FLOW_DY[d])`. Even directions are straight, odd ones diagonal.
 */
export const FLOW_DX: readonly number[] = Object.freeze([0, 1, 1, 1, 0, -1, -1, -1]);
/** See {@link FLOW_DX}. */
export const FLOW_DY: readonly number[] = Object.freeze([-1, -1, 0, 1, 1, 1, 0, -1]);

/** Options of {@link HPAStar.flowField}. */
export interface FlowFieldOptions {
  /**
   * Only the clusters the field's paths from these cells cross (each such cluster whole), instead of the
   * goal's whole component: cheaper when few agents share the goal. Cells elsewhere read
   * {@link FLOW_NOT_COMPUTED}. Blocked starts and starts of another component are allowed (they have no
   * step). A cached field of the same goal is widened to the new starts. `[x, y, ...]` packed in an
   * Int32Array, or cells.
   */
  readonly starts?: Int32Array | readonly Point[];
}

/** What making a field cost, and its size. */
export interface FlowFieldStats {
  /** Level-1 clusters whose cells have their steps. */
  readonly computedClusters: number;
  /** Clusters integrated by this call (0 when the field was cached and up to date). */
  readonly clustersIntegrated: number;
  /** Clusters a refresh after terrain edits kept as they were. */
  readonly clustersKept: number;
  /** The core's memory for this field (the steps, a byte per cell, and per-cluster bookkeeping). */
  readonly bytes: number;
}

/**
 * A flow field towards one goal: the direction of the next step from every cell, a byte per cell.
 *
 * Following it from any cell of the goal's component reaches the goal: every step is a legal move (into a
 * passable cell, never cutting a corner) and the remaining cost strictly drops with each step, so there
 * are no cycles. Each cluster of the hierarchy is integrated on its own from its transition cells, seeded
 * with their distances over the abstract graph (the sector/portal scheme of Supreme Commander 2), so the
 * followed paths cost what HPA*'s unsmoothed paths cost: near-optimal, not optimal.
 *
 * A plain JavaScript object: it owns a copy of the steps and holds no WebAssembly memory (nothing to
 * dispose). It describes the terrain of {@link FlowField.version}; after terrain edits ask the planner
 * again (the planner refreshes its cached field cluster by cluster).
 */
export class FlowField {
  /** The goal cell. */
  readonly goal: Point;
  readonly width: number;
  readonly height: number;
  /** The goal's component (as {@link HPAStar.componentOf}). */
  readonly component: number;
  /** The planner's terrain version the field was made for. */
  readonly version: number;
  /** True when the field covers only the corridors of {@link FlowFieldOptions.starts}. */
  readonly corridorsOnly: boolean;
  readonly stats: FlowFieldStats;
  /**
   * Every cell's direction, row-major (`y * width + x`): 0..7 (see {@link FLOW_DX}), {@link FLOW_NO_STEP}
   * or {@link FLOW_NOT_COMPUTED}. The field's own copy, frozen in meaning but not in memory: writing into
   * it changes this field only, and makes its answers wrong.
   */
  readonly directions: Uint8Array;

  /** @internal Made by {@link HPAStar.flowField}. */
  constructor(raw: RawFlowFieldAnswer) {
    this.goal = Object.freeze({ x: raw.goalX, y: raw.goalY });
    this.width = raw.width;
    this.height = raw.height;
    this.component = raw.component;
    this.version = raw.version;
    this.corridorsOnly = raw.corridorsOnly;
    this.directions = raw.directions;
    this.stats = Object.freeze({
      computedClusters: raw.computedClusters,
      clustersIntegrated: raw.clustersIntegrated,
      clustersKept: raw.clustersKept,
      bytes: raw.bytes,
    });
    Object.freeze(this);
  }

  /** The direction of the step from (x, y): 0..7, {@link FLOW_NO_STEP} (also outside the map) or {@link FLOW_NOT_COMPUTED}. */
  direction(x: number, y: number): number {
    if (!Number.isInteger(x) || !Number.isInteger(y)) {
      throw new TypeError(`FlowField.direction: x and y must be integers, got ${describe(x)}, ${describe(y)}`);
    }
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return FLOW_NO_STEP;
    return this.directions[y * this.width + x]!;
  }

  /** The cell one step on from (x, y) towards the goal; null at the goal and where there is no step. */
  next(x: number, y: number): Point | null {
    const d = this.direction(x, y);
    if (d > 7) return null;
    return { x: x + FLOW_DX[d]!, y: y + FLOW_DY[d]! };
  }
}

/** @internal A flow field's arguments as the module takes them (the goal, the starts packed [x, y, ...]). */
export interface FlowQuestion {
  x: number;
  y: number;
  starts: Int32Array;
}

/** @internal Checks `flowField(goal, options)`'s arguments (TypeError naming the bad one). */
export function flowQuestion(where: string, goal: unknown, options: unknown): FlowQuestion {
  const g = cell(where, 'goal', goal);
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options ?? {})) {
    if (key !== 'starts') throw new TypeError(`${where}: unknown option "${key}" (known: starts)`);
  }
  const starts = (options as FlowFieldOptions | undefined)?.starts;
  if (starts === undefined) return { x: g.x, y: g.y, starts: new Int32Array(0) };
  if (starts instanceof Int32Array) {
    if (starts.length % 2 !== 0) throw new TypeError(`${where}: packed starts need 2 numbers each (x, y); got ${starts.length} numbers`);
    return { x: g.x, y: g.y, starts };
  }
  if (!Array.isArray(starts)) throw new TypeError(`${where}: starts must be an Int32Array or an array of cells, got ${describe(starts)}`);
  const packed = new Int32Array(starts.length * 2);
  starts.forEach((p: unknown, i) => {
    const c = cell(where, `starts[${i}]`, p);
    packed[2 * i] = c.x;
    packed[2 * i + 1] = c.y;
  });
  return { x: g.x, y: g.y, starts: packed };
}

/** @internal The module's answer as a FlowField, or its error (RangeError: a bad goal or start; OutOfMemoryError). */
export function flowFieldOf(where: string, answer: RawFlowFieldAnswer | { error: string }): FlowField {
  if ('error' in answer) throw moduleError(where, answer, RangeError);
  return new FlowField(answer);
}

/** @internal The planner's cache of flow fields (the core's FlowFieldCache, with its builder's scratch). */
export class PlannerFlowFields extends WasmObject<RawHPAStarFlowFields> {
  constructor(raw: RawHPAStarFlowFields, state: ModuleState) {
    super(raw, 'HPAStar flow fields', state);
  }

  field(goal: Point, options: FlowFieldOptions | undefined, where: string): FlowField {
    const q = flowQuestion(where, goal, options);
    const raw = this.rawHandle();
    return flowFieldOf(where, this.wasmCall(where, () => raw.field(q.x, q.y, q.starts)));
  }
}

/** @internal A planner's flow-field cache, made on first use. */
export function makePlannerFlowFields(make: () => RawHPAStarFlowFields, state: ModuleState): PlannerFlowFields {
  return new PlannerFlowFields(state.call('HPAStar.flowField', make), state);
}
