/**
 * One agent's route: the abstract path of its plan (waypoints) and the segments between them refined so
 * far, each with the terrain version it was searched on, and where the agent is along them. Cells are
 * packed as the crowd's world gives them: x, y pairs on a grid, x, y, z triples on a block world
 * (`dims`); boxes are their lower corners then their upper ones (exclusive): x0, y0, x1, y1 or
 * x0, y0, z0, x1, y1, z1.
 * @module
 */

/** @internal Coordinates per cell: 2 on a grid, 3 on a block world. */
export type Dims = 2 | 3;

/**
 * @internal A refined segment: its cells after its first waypoint, the version it was searched on, and
 * the box around its cells, so that a terrain change far from it is ruled out without reading its cells:
 * after a wall, every agent's route is tested in one go.
 */
export interface Segment {
  readonly cells: Int32Array;
  readonly version: number;
  readonly box: Int32Array;
}

/** @internal A segment of `cells` (packed by `dims`) searched on terrain `version`. */
export function segmentOf(cells: Int32Array, version: number, dims: Dims = 2): Segment {
  const box = new Int32Array(2 * dims);
  box.fill(2 ** 31 - 1, 0, dims);
  box.fill(-(2 ** 31), dims);
  for (let i = 0; i < cells.length; i += dims) {
    for (let d = 0; d < dims; d++) {
      const v = cells[i + d]!;
      if (v < box[d]!) box[d] = v;
      if (v >= box[dims + d]!) box[dims + d] = v + 1;
    }
  }
  return { cells, version, box };
}

/**
 * @internal The box around cells given as indices (z * height + y) * width + x (y * width + x on a
 * grid), in the form of `dims`; empty when there are none.
 */
export function cellBox(cells: Iterable<number>, width: number, height = 1, dims: Dims = 2): Int32Array {
  const packed: number[] = [];
  for (const i of cells) {
    const x = i % width, rest = (i - x) / width, y = rest % height;
    if (dims === 2) packed.push(x, rest);
    else packed.push(x, y, (rest - y) / height);
  }
  return packed.length ? segmentOf(Int32Array.from(packed), 0, dims).box : new Int32Array(0);
}

/** Whether `box` meets one of `boxes` (the same form, 2 * dims numbers each). */
function boxMeetsBoxes(box: Int32Array, boxes: Int32Array, dims: Dims): boolean {
  const stride = 2 * dims;
  outer: for (let r = 0; r < boxes.length; r += stride) {
    for (let d = 0; d < dims; d++) if (!(box[d]! < boxes[r + dims + d]! && boxes[r + d]! < box[dims + d]!)) continue outer;
    return true;
  }
  return false;
}

/** @internal Whether the cell at `cells[i..i + dims)` lies in one of `boxes`. */
export function cellInBoxes(boxes: Int32Array, cells: Int32Array, i: number, dims: Dims): boolean {
  const stride = 2 * dims;
  outer: for (let r = 0; r < boxes.length; r += stride) {
    for (let d = 0; d < dims; d++) {
      const v = cells[i + d]!;
      if (v < boxes[r + d]! || v >= boxes[r + dims + d]!) continue outer;
    }
    return true;
  }
  return false;
}

/** @internal */
export class Route {
  /** Abstract path, packed cells, start first, goal last (at least two). */
  readonly waypoints: Int32Array;
  /** The segment walked (index) and the index of its next cell. */
  segIndex = 0;
  at = 0;
  /** Refined segments by index: the one walked and those fetched ahead. */
  readonly segments = new Map<number, Segment>();
  /** Segments asked of the pool and not answered yet. */
  readonly requested = new Set<number>();

  /** The terrain version the plan (its waypoints) was made on. */
  readonly version: number;
  readonly dims: Dims;

  constructor(waypoints: Int32Array, first: Segment, version: number, dims: Dims = 2) {
    this.waypoints = waypoints;
    this.version = version;
    this.dims = dims;
    this.segments.set(0, first);
  }

  get segmentCount(): number {
    return Math.max(1, this.waypoints.length / this.dims - 1);
  }

  get current(): Segment | undefined {
    return this.segments.get(this.segIndex);
  }

  /** The index in the walked segment's cells of its next cell, or -1 at its end (or when it is not refined yet). */
  nextCell(): number {
    const cells = this.current?.cells;
    return !cells || this.dims * this.at >= cells.length ? -1 : this.dims * this.at;
  }

  /**
   * The cell after the next one (the next is at {@link Route.nextCell}), written into `out`: further on
   * the walked segment, or the first of the next segment when it is refined; false when it is not known
   * yet or the next cell ends the route. Local avoidance steps round a blocked next cell onto it.
   */
  cellAfterNext(out: { x: number; y: number; z: number }): boolean {
    const d = this.dims;
    const walked = this.current?.cells;
    if (!walked) return false;
    let cells: Int32Array | undefined = walked;
    let i = d * (this.at + 1);
    if (i >= walked.length) {
      cells = this.segments.get(this.segIndex + 1)?.cells;
      i -= walked.length;
    }
    if (!cells || i >= cells.length) return false;
    out.x = cells[i]!;
    out.y = cells[i + 1]!;
    out.z = d === 3 ? cells[i + 2]! : 0;
    return true;
  }

  /**
   * Skips the next cell (local avoidance stepped round it): the route goes on from the cell after it,
   * on the next segment when it ended the walked one (only called when {@link Route.cellAfterNext} found it).
   */
  skipNext(): void {
    this.at++;
    if (this.dims * this.at >= (this.current?.cells.length ?? 0) && this.segments.has(this.segIndex + 1)) {
      this.segIndex++;
      this.at = 0;
    }
  }

  /** Whether (x, y, z) is the route's next cell. */
  isNext(x: number, y: number, z: number): boolean {
    const i = this.nextCell();
    const c = this.current?.cells;
    return i >= 0 && !!c && c[i] === x && c[i + 1] === y && (this.dims === 2 || c[i + 2] === z);
  }

  /** Whether the segment walked is done and it was the last. */
  get finished(): boolean {
    const cells = this.current?.cells;
    return !!cells && this.dims * this.at >= cells.length && this.segIndex + 1 >= this.segmentCount;
  }

  /**
   * Whether a refined cell still ahead is one of `cells` (indices as {@link cellBox} reads them), all
   * inside `box` (as cellBox gives it).
   */
  aheadHits(cells: ReadonlySet<number>, box: Int32Array, width: number, height = 1): boolean {
    const dims = this.dims;
    for (const [k, segment] of this.segments) {
      if (k < this.segIndex || !boxMeetsBoxes(segment.box, box, dims)) continue;
      const from = k === this.segIndex ? dims * this.at : 0;
      const c = segment.cells;
      for (let i = from; i < c.length; i += dims) {
        const z = dims === 3 ? c[i + 2]! : 0;
        if (cells.has((z * height + c[i + 1]!) * width + c[i]!)) return true;
      }
    }
    return false;
  }

  /**
   * Whether what remains of the route crosses a cluster an update (terrain version `version`) rebuilt on
   * level 1 (`rebuilt`: their boxes), for the parts searched on an older version: a refined cell ahead in
   * a rebuilt cluster, a waypoint ahead in one, or a segment not refined yet whose box (its two
   * waypoints' bounding box) meets one. Such a segment will be searched on the new terrain anyway; the
   * test is for the plan, whose abstract path may now be longer than another or broken: a segment whose
   * search leaves its box and meets a wall there answers 'no path' or a detour, and the agent plans
   * again then.
   */
  crosses(rebuilt: Int32Array, version: number): boolean {
    if (rebuilt.length === 0) return false;
    const dims = this.dims;
    for (const [k, segment] of this.segments) {
      if (k < this.segIndex || segment.version >= version || !boxMeetsBoxes(segment.box, rebuilt, dims)) continue;
      const c = segment.cells;
      for (let i = k === this.segIndex ? dims * this.at : 0; i < c.length; i += dims) if (cellInBoxes(rebuilt, c, i, dims)) return true;
    }
    if (this.version >= version) return false;
    const w = this.waypoints;
    for (let k = this.segIndex + 1; k < this.segmentCount; k++) {
      if (this.segments.has(k)) continue;
      if (boxMeetsBoxes(segmentOf(w.subarray(dims * k, dims * (k + 2)), 0, dims).box, rebuilt, dims)) return true;
    }
    return false;
  }
}
