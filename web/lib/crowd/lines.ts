/**
 * Any-angle walking for a grid's crowd (`pathShape: 'any-angle'`): an agent's route is the corners of
 * straight lines (its pool's any-angle answer), and it moves continuously along them. The checks here
 * are those of the core's `SweptLine.h`: an agent of side s is the square [x, x + s] × [y, y + s] at its
 * anchor (x, y); a blocked cell forbids the anchors in an open square, which is the union of the open
 * squares (bx - 1, bx + 1) × (by - 1, by + 1) around the anchors b where the agent cannot stand. So every
 * class is a one-cell agent on the grid of its anchors ({@link FootprintRules.passable}), and a position
 * or a line is legal when it meets the open square around no such anchor.
 * @module
 */
import type { FootprintRules } from './terrainCopy.ts';

/**
 * @internal An agent's any-angle route: corners packed by `dims` (x, y; on a block world x, y, z), start
 * first, goal last, and the leg walked.
 */
export class LineRoute {
  /** The leg under way or next: from corner `leg` to corner `leg + 1`. */
  leg = 0;
  /** With avoidance: a sidestep that did not bring the agent nearer the leg's corner was taken (one per leg). */
  sideways = false;

  constructor(readonly corners: Int32Array, readonly dims: 2 | 3 = 2) {}

  /** Where corners[] holds the end of the leg under way (its x; y and z follow). */
  get next(): number {
    return this.dims * (this.leg + 1);
  }

  /** The leg under way is walked. */
  nextLeg(): void {
    this.leg++;
    this.sideways = false;
  }

  /** Whether every leg is walked (the agent stands on the last corner). */
  get finished(): boolean {
    return this.next >= this.corners.length;
  }
}

/** Where an agent may stand: its class's rule on the crowd's terrain. */
type Anchors = Pick<FootprintRules, 'passable'>;

/**
 * Whether the agent may walk the straight line from anchor (ax, ay) to anchor (bx, by): the core's
 * `sweptLineClear`, exact in integers. For each anchor column along the longer axis the line crosses the
 * open strip (i - 1, i + 1); the anchors within distance < 1 of its run over that strip are read.
 */
export function sweptLineClear(rules: Anchors, ax: number, ay: number, bx: number, by: number): boolean {
  const dx = bx - ax, dy = by - ay;
  const alongX = Math.abs(dx) >= Math.abs(dy);
  const major = alongX ? Math.abs(dx) : Math.abs(dy), minor = alongX ? Math.abs(dy) : Math.abs(dx);
  const majorStep = alongX ? Math.sign(dx) : Math.sign(dy), minorStep = alongX ? Math.sign(dy) : Math.sign(dx);
  if (major === 0) return rules.passable(ax, ay);
  for (let i = 0; i <= major; i++) {
    const low = i > 0 ? i - 1 : 0, high = i < major ? i + 1 : major;
    const first = Math.floor((low * minor) / major), last = Math.ceil((high * minor) / major);
    for (let j = first; j <= last; j++) {
      const m = i * majorStep, n = j * minorStep;
      if (!(alongX ? rules.passable(ax + m, ay + n) : rules.passable(ax + n, ay + m))) return false;
    }
  }
  return true;
}

/**
 * Whether an agent may stand at the fractional position (x, y): no anchor within distance < 1 on both
 * axes is one where it cannot stand. On a legal line this holds, and then the move from (x, y) straight
 * to its nearest anchor (rounded) is legal too: that anchor and the ones whose open squares the short
 * move could enter are all among those read here.
 */
export function positionClear(rules: Anchors, x: number, y: number): boolean {
  for (let cy = Math.ceil(y - 1 + 1e-9); cy < y + 1 - 1e-9; cy++) {
    for (let cx = Math.ceil(x - 1 + 1e-9); cx < x + 1 - 1e-9; cx++) if (!rules.passable(cx, cy)) return false;
  }
  return true;
}

/** The open interval of t in [0, 1] where `start + t d` is strictly inside (lo, hi); null when empty. */
function slab(start: number, d: number, lo: number, hi: number, out: Float64Array, k: number): boolean {
  if (d === 0) {
    out[k] = 0;
    out[k + 1] = 1;
    return lo < start && start < hi;
  }
  const t0 = (lo - start) / d, t1 = (hi - start) / d;
  out[k] = Math.min(t0, t1);
  out[k + 1] = Math.max(t0, t1);
  return true;
}

const SLABS = new Float64Array(4);

/**
 * Whether the segment from (px, py) to (qx, qy) (fractional) enters the open square around one of the
 * anchors `blocked` (packed x, y): a new wall touches the swept square of that stretch of line. Overlaps
 * shorter than 1e-9 of the segment are taken as grazing (lines along an edge).
 */
export function segmentMeetsAnchors(px: number, py: number, qx: number, qy: number, blocked: Int32Array): boolean {
  const dx = qx - px, dy = qy - py;
  const x0 = Math.min(px, qx) - 1, x1 = Math.max(px, qx) + 1, y0 = Math.min(py, qy) - 1, y1 = Math.max(py, qy) + 1;
  for (let i = 0; i < blocked.length; i += 2) {
    const bx = blocked[i]!, by = blocked[i + 1]!;
    if (bx <= x0 || bx >= x1 || by <= y0 || by >= y1) continue;
    if (!slab(px, dx, bx - 1, bx + 1, SLABS, 0) || !slab(py, dy, by - 1, by + 1, SLABS, 2)) continue;
    const lo = Math.max(SLABS[0]!, SLABS[2]!, 0), hi = Math.min(SLABS[1]!, SLABS[3]!, 1);
    if (hi - lo > 1e-9) return true;
  }
  return false;
}

/**
 * The distance along the move from (fx, fy) to (tx, ty), of `length`, at which it next crosses a lattice
 * line (an integer x or y) after distance `at`; `length` when it crosses none before its end. Between two
 * such crossings an agent's square stays within one unit box's reach: the cells local avoidance reserves.
 */
export function nextCrossing(fx: number, fy: number, tx: number, ty: number, length: number, at: number): number {
  if (length <= 0) return length;
  const dx = (tx - fx) / length, dy = (ty - fy) / length;
  const px = fx + dx * at, py = fy + dy * at;
  let end = length;
  // Positions within 1e-9 of a line are on it (sums of fractions drift).
  if (dx !== 0) end = Math.min(end, at + ((dx > 0 ? Math.floor(px + 1e-9) + 1 : Math.ceil(px - 1e-9) - 1) - px) / dx);
  if (dy !== 0) end = Math.min(end, at + ((dy > 0 ? Math.floor(py + 1e-9) + 1 : Math.ceil(py - 1e-9) - 1) - py) / dy);
  return end;
}
