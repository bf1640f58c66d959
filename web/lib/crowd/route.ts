/**
 * One agent's route: the abstract path of its plan (waypoints) and the segments between them refined so
 * far, each with the terrain version it was searched on, and where the agent is along them.
 * @module
 */
import type { UpdateStats } from '../types.ts';
import { inRects } from '../updates.ts';

/**
 * @internal A refined segment: its cells after its first waypoint, the version it was searched on, and
 * the box around its cells (x0, y0, x1, y1, x1 and y1 exclusive), so that a terrain change far from it
 * is ruled out without reading its cells: after a wall, every agent's route is tested in one go.
 */
export interface Segment {
  readonly cells: Int32Array;
  readonly version: number;
  readonly box: readonly [number, number, number, number];
}

/** @internal A segment of `cells` (x, y pairs) searched on terrain `version`. */
export function segmentOf(cells: Int32Array, version: number): Segment {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < cells.length; i += 2) {
    const x = cells[i]!, y = cells[i + 1]!;
    if (x < x0) x0 = x;
    if (x >= x1) x1 = x + 1;
    if (y < y0) y0 = y;
    if (y >= y1) y1 = y + 1;
  }
  return { cells, version, box: [x0, y0, x1, y1] };
}

/** @internal The box (x0, y0, x1, y1, x1 and y1 exclusive) around cells given as indices y * width + x. */
export function cellBox(cells: Iterable<number>, width: number): Int32Array {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const i of cells) {
    const x = i % width, y = (i - x) / width;
    if (x < x0) x0 = x;
    if (x >= x1) x1 = x + 1;
    if (y < y0) y0 = y;
    if (y >= y1) y1 = y + 1;
  }
  return x1 < 0 ? new Int32Array(0) : Int32Array.of(x0, y0, x1, y1);
}

/** Whether the box (x0, y0, x1, y1) meets one of `rects` (the same form, four numbers each). */
function boxMeetsRects(box: readonly [number, number, number, number], rects: Int32Array): boolean {
  const [x0, y0, x1, y1] = box;
  for (let r = 0; r < rects.length; r += 4) {
    if (x0 < rects[r + 2]! && rects[r]! < x1 && y0 < rects[r + 3]! && rects[r + 1]! < y1) return true;
  }
  return false;
}

/** @internal */
export class Route {
  /** Abstract path, x, y pairs, start first, goal last (at least two). */
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

  constructor(waypoints: Int32Array, first: Segment, version: number) {
    this.waypoints = waypoints;
    this.version = version;
    this.segments.set(0, first);
  }

  get segmentCount(): number {
    return Math.max(1, this.waypoints.length / 2 - 1);
  }

  get current(): Segment | undefined {
    return this.segments.get(this.segIndex);
  }

  /** The next cell to step to, or null at the end of the segment walked (or when it is not refined yet). */
  nextCell(): [number, number] | null {
    const cells = this.current?.cells;
    if (!cells || 2 * this.at >= cells.length) return null;
    return [cells[2 * this.at]!, cells[2 * this.at + 1]!];
  }

  /** Whether the segment walked is done and it was the last. */
  get finished(): boolean {
    const cells = this.current?.cells;
    return !!cells && 2 * this.at >= cells.length && this.segIndex + 1 >= this.segmentCount;
  }

  /**
   * Whether a refined cell still ahead is one of `cells` (indices y * width + x), all inside `box`
   * (x0, y0, x1, y1 in one Int32Array, as cellBox gives it).
   */
  aheadHits(cells: ReadonlySet<number>, box: Int32Array, width: number): boolean {
    for (const [k, segment] of this.segments) {
      if (k < this.segIndex || !boxMeetsRects(segment.box, box)) continue;
      const from = k === this.segIndex ? 2 * this.at : 0;
      const c = segment.cells;
      for (let i = from; i < c.length; i += 2) if (cells.has(c[i + 1]! * width + c[i]!)) return true;
    }
    return false;
  }

  /**
   * Whether what remains of the route crosses what `update` (terrain version `version`) rebuilt on level 1,
   * for the parts searched on an older version: a refined cell ahead in a rebuilt cluster, a waypoint ahead
   * in one, or a segment not refined yet whose box (its two waypoints' bounding box) meets
   * one. Such a segment will be searched on the new terrain anyway; the test is for the plan, whose
   * abstract path may now be longer than another or broken: a segment whose search leaves its box and
   * meets a wall there answers 'no path' or a detour, and the agent plans again then.
   */
  crosses(update: UpdateStats, version: number): boolean {
    const rects = update.rebuilt[0]?.rects;
    if (!rects || rects.length === 0) return false;
    for (const [k, segment] of this.segments) {
      if (k < this.segIndex || segment.version >= version || !boxMeetsRects(segment.box, rects)) continue;
      const from = k === this.segIndex ? 2 * this.at : 0;
      const c = segment.cells;
      for (let i = from; i < c.length; i += 2) if (inRects(rects, c[i]!, c[i + 1]!)) return true;
    }
    if (this.version >= version) return false;
    const w = this.waypoints;
    for (let k = this.segIndex + 1; k < this.segmentCount; k++) {
      if (this.segments.has(k)) continue;
      const x0 = Math.min(w[2 * k]!, w[2 * k + 2]!), x1 = Math.max(w[2 * k]!, w[2 * k + 2]!) + 1;
      const y0 = Math.min(w[2 * k + 1]!, w[2 * k + 3]!), y1 = Math.max(w[2 * k + 1]!, w[2 * k + 3]!) + 1;
      if (boxMeetsRects([x0, y0, x1, y1], rects)) return true;
    }
    return false;
  }
}
