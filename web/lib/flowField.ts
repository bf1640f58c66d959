/**
 * Flow fields for a shared goal (issue 18): for every cell of the goal's component, the next step
 * towards the goal, built from an HPA* hierarchy: of a grid ({@link HPAStar.flowField}, {@link FlowField})
 * or of a block world ({@link WorldHPAStar.flowField}, {@link WorldFlowField}). The core builds both with
 * one builder (cpp/flow/FlowFieldBuilder.h); the steps are move codes of the generated move tables.
 * @module
 */
import type { RawFlowFieldAnswer, RawFlowFields } from 'hpastar:raw';
import { cell, describe, voxel } from './args.ts';
import { FLOW_CODES, GRID_MOVES, WORLD_MOVES } from './generated/contract.ts';
import { WasmObject, moduleError } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import type { Point, Voxel } from './types.ts';

/** {@link FlowField.direction} of the goal, of a blocked cell and of a cell of another component. */
export const FLOW_NO_STEP: number = FLOW_CODES.noStep;
/** {@link FlowField.direction} of a cell of a cluster the field left out (`starts` given: outside every corridor). */
export const FLOW_NOT_COMPUTED: number = FLOW_CODES.notComputed;
/**
 * The step of each direction 0..7, clockwise from north: direction `d` moves by
 * `(FLOW_DX[d], FLOW_DY[d])`. Even directions are straight, odd ones diagonal (the generated GRID_MOVES).
 */
export const FLOW_DX: readonly number[] = GRID_MOVES.dx;
/** See {@link FLOW_DX}. */
export const FLOW_DY: readonly number[] = GRID_MOVES.dy;

/** Options of {@link HPAStar.flowField} (cells `C`: {@link Point}) and {@link WorldHPAStar.flowField} ({@link Voxel}). */
export interface FlowFieldOptions<C = Point> {
  /**
   * Only the clusters the field's paths from these cells cross (each such cluster whole), instead of the
   * goal's whole component: cheaper when few agents share the goal. Cells elsewhere read
   * {@link FLOW_NOT_COMPUTED}. Blocked starts and starts of another component are allowed (they have no
   * step). A cached field of the same goal is widened to the new starts. `[x, y, ...]` (a block world:
   * `[x, y, z, ...]`) packed in an Int32Array, or cells.
   */
  readonly starts?: Int32Array | readonly C[];
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
 * What every flow field holds, whatever its world: the step of every cell, a byte per cell in the
 * world's index order, and what making it cost.
 *
 * Following a field from any cell of the goal's component reaches the goal: every step is a legal move
 * (into a cell an agent may enter, never cutting a corner) and the remaining cost strictly drops with
 * each step, so there are no cycles. Each cluster of the hierarchy is integrated on its own (the
 * sector/portal scheme of Supreme Commander 2), seeded at its transition cells with their distances over the
 * abstract graph and, in a field of the whole component, along its whole border from the clusters
 * integrated before it: the followed paths are near-optimal, not optimal (0.0-0.4 % longer than the
 * shortest on average on the test maps; a field of `starts`' corridors, seeded at transitions only, as
 * HPA*'s unsmoothed paths, 3-6 %).
 *
 * A plain JavaScript object: it owns a copy of the steps and holds no WebAssembly memory (nothing to
 * dispose). It describes the terrain of {@link FlowFieldSteps.version}; after terrain edits ask the planner
 * again (the planner refreshes its cached field cluster by cluster).
 */
export abstract class FlowFieldSteps {
  /** The goal's component (as the planner's `componentOf`). */
  readonly component: number;
  /** The planner's terrain version the field was made for. */
  readonly version: number;
  /** True when the field covers only the corridors of {@link FlowFieldOptions.starts}. */
  readonly corridorsOnly: boolean;
  readonly stats: FlowFieldStats;
  /**
   * Every cell's step, in the world's index order (a grid: `y * width + x`; a block world:
   * `(z * height + y) * width + x`): a move code, {@link FLOW_NO_STEP} or {@link FLOW_NOT_COMPUTED}. The
   * field's own copy, frozen in meaning but not in memory: writing into it changes this field only, and
   * makes its answers wrong.
   */
  readonly directions: Uint8Array;

  /** @internal */
  protected constructor(raw: RawFlowFieldAnswer) {
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
  }
}

/** Integer coordinates of a cell, or a TypeError naming the method and the bad one. */
function coordinates(where: string, values: readonly unknown[]): void {
  if (!values.every((v) => Number.isInteger(v))) {
    throw new TypeError(`${where}: the coordinates must be integers, got ${values.map(describe).join(', ')}`);
  }
}

/** A flow field over a grid: the direction (0..7, {@link FLOW_DX}) of the next step from every cell. */
export class FlowField extends FlowFieldSteps {
  /** The goal cell. */
  readonly goal: Point;
  readonly width: number;
  readonly height: number;

  /** @internal Made by {@link HPAStar.flowField}. */
  constructor(raw: RawFlowFieldAnswer) {
    super(raw);
    this.goal = Object.freeze({ x: raw.goalX, y: raw.goalY });
    this.width = raw.width;
    this.height = raw.height;
    Object.freeze(this);
  }

  /** The direction of the step from (x, y): 0..7, {@link FLOW_NO_STEP} (also outside the map) or {@link FLOW_NOT_COMPUTED}. */
  direction(x: number, y: number): number {
    coordinates('FlowField.direction', [x, y]);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return FLOW_NO_STEP;
    return this.directions[y * this.width + x]!;
  }

  /** The cell one step on from (x, y) towards the goal; null at the goal and where there is no step. */
  next(x: number, y: number): Point | null {
    const d = this.direction(x, y);
    if (d >= GRID_MOVES.dx.length) return null;
    return { x: x + GRID_MOVES.dx[d]!, y: y + GRID_MOVES.dy[d]! };
  }
}

/**
 * A flow field over a block world: the move (0..25, the generated WORLD_MOVES: on a level, climbs,
 * stairs and ladders) of the next step from every cell an agent may stand in.
 */
export class WorldFlowField extends FlowFieldSteps {
  /** The goal cell. */
  readonly goal: Voxel;
  readonly width: number;
  readonly height: number;
  readonly levels: number;

  /** @internal Made by {@link WorldHPAStar.flowField}. */
  constructor(raw: RawFlowFieldAnswer) {
    super(raw);
    this.goal = Object.freeze({ x: raw.goalX, y: raw.goalY, z: raw.goalZ ?? 0 });
    this.width = raw.width;
    this.height = raw.height;
    this.levels = raw.levels ?? 1;
    Object.freeze(this);
  }

  /** The move of the step from (x, y, z): 0..25, {@link FLOW_NO_STEP} (also outside the world) or {@link FLOW_NOT_COMPUTED}. */
  direction(x: number, y: number, z: number): number {
    coordinates('WorldFlowField.direction', [x, y, z]);
    if (x < 0 || y < 0 || z < 0 || x >= this.width || y >= this.height || z >= this.levels) return FLOW_NO_STEP;
    return this.directions[(z * this.height + y) * this.width + x]!;
  }

  /** The cell one step on from (x, y, z) towards the goal; null at the goal and where there is no step. */
  next(x: number, y: number, z: number): Voxel | null {
    const m = this.direction(x, y, z);
    if (m >= WORLD_MOVES.dx.length) return null;
    return { x: x + WORLD_MOVES.dx[m]!, y: y + WORLD_MOVES.dy[m]!, z: z + WORLD_MOVES.dz[m]! };
  }
}

/** @internal A flow field's arguments as the module takes them: the goal and the starts, each packed. */
export interface FlowQuestion {
  goal: Int32Array;
  starts: Int32Array;
}

/** How a world's cells are read from the caller and packed: a grid's (x, y), a block world's (x, y, z). */
interface CellShape<C> {
  readonly axes: readonly ('x' | 'y' | 'z')[];
  read(where: string, name: string, value: unknown): C;
}
const GRID_CELLS: CellShape<Point> = { axes: ['x', 'y'], read: cell };
const WORLD_CELLS: CellShape<Voxel> = { axes: ['x', 'y', 'z'], read: voxel };

/** Checks `flowField(goal, options)`'s arguments (TypeError naming the bad one), packed. */
function question<C>(shape: CellShape<C>, where: string, goal: unknown, options: unknown): FlowQuestion {
  const axes = shape.axes;
  const pack = (c: C, into: Int32Array, at: number): void => axes.forEach((a, k) => (into[at + k] = (c as Record<string, number>)[a]!));
  const packedGoal = new Int32Array(axes.length);
  pack(shape.read(where, 'goal', goal), packedGoal, 0);
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options ?? {})) {
    if (key !== 'starts') throw new TypeError(`${where}: unknown option "${key}" (known: starts)`);
  }
  const starts = (options as FlowFieldOptions | undefined)?.starts;
  if (starts === undefined) return { goal: packedGoal, starts: new Int32Array(0) };
  if (starts instanceof Int32Array) {
    if (starts.length % axes.length !== 0) {
      throw new TypeError(`${where}: packed starts need ${axes.length} numbers each (${axes.join(', ')}); got ${starts.length} numbers`);
    }
    return { goal: packedGoal, starts };
  }
  if (!Array.isArray(starts)) throw new TypeError(`${where}: starts must be an Int32Array or an array of cells, got ${describe(starts)}`);
  const packed = new Int32Array(starts.length * axes.length);
  starts.forEach((p: unknown, i) => pack(shape.read(where, `starts[${i}]`, p), packed, i * axes.length));
  return { goal: packedGoal, starts: packed };
}

/** @internal Checks a grid's `flowField(goal, options)` arguments (TypeError naming the bad one). */
export function flowQuestion(where: string, goal: unknown, options: unknown): FlowQuestion {
  return question(GRID_CELLS, where, goal, options);
}

/** @internal Checks a block world's `flowField(goal, options)` arguments (TypeError naming the bad one). */
export function worldFlowQuestion(where: string, goal: unknown, options: unknown): FlowQuestion {
  return question(WORLD_CELLS, where, goal, options);
}

/** @internal The module's answer as a FlowField, or its error (RangeError: a bad goal or start; OutOfMemoryError). */
export function flowFieldOf(where: string, answer: RawFlowFieldAnswer | { error: string }): FlowField {
  if ('error' in answer) throw moduleError(where, answer, RangeError);
  return new FlowField(answer);
}

/** @internal The module's answer as a WorldFlowField, or its error (as {@link flowFieldOf}). */
export function worldFlowFieldOf(where: string, answer: RawFlowFieldAnswer | { error: string }): WorldFlowField {
  if ('error' in answer) throw moduleError(where, answer, RangeError);
  return new WorldFlowField(answer);
}

/** @internal A planner's cache of flow fields (the core's flow-field cache, with its builder's scratch). */
export class PlannerFlowFields extends WasmObject<RawFlowFields> {
  constructor(raw: RawFlowFields, state: ModuleState) {
    super(raw, 'flow fields', state);
  }

  /** The raw answer to a checked question. */
  answer(question: FlowQuestion, where: string): RawFlowFieldAnswer | { error: string } {
    const raw = this.rawHandle();
    return this.wasmCall(where, () => raw.field(question.goal, question.starts));
  }

  field(goal: Point, options: FlowFieldOptions | undefined, where: string): FlowField {
    return flowFieldOf(where, this.answer(flowQuestion(where, goal, options), where));
  }

  worldField(goal: Voxel, options: FlowFieldOptions<Voxel> | undefined, where: string): WorldFlowField {
    return worldFlowFieldOf(where, this.answer(worldFlowQuestion(where, goal, options), where));
  }
}

/** @internal A planner's flow-field cache, made on first use. */
export function makePlannerFlowFields(make: () => RawFlowFields, state: ModuleState, where: string): PlannerFlowFields {
  return new PlannerFlowFields(state.call(where, make), state);
}
