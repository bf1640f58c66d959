// The world tests' own line checker for any-angle paths on block worlds, written from the model's
// statement rather than from the core's walk: a one-block agent walks the straight line from (a.x, a.y) to
// (b.x, b.y) on level z when the segment meets the open square (cx - 1, cx + 1) × (cy - 1, cy + 1) of no
// cell c of that level it cannot stand in (exact slab test on fractions).
import type { Voxel } from '../../../web/lib/index';
import type { WorldBlocks } from './worldRules';

type Fraction = [number, number];
const less = (a: Fraction, b: Fraction) => a[0] * b[1] < b[0] * a[1];

/** Whether the line from a to b (both on level a.z, integer corners) is walkable on `rules`' world. */
export function lineOnLevel(rules: WorldBlocks, a: Voxel, b: Voxel): boolean {
  const dx = b.x - a.x, dy = b.y - a.y;
  const slab = (start: number, d: number, lo: number, hi: number): [Fraction, Fraction] | null => {
    if (d === 0) return lo < start && start < hi ? [[-1, 1], [2, 1]] : null;
    return d > 0 ? [[lo - start, d], [hi - start, d]] : [[start - hi, -d], [start - lo, -d]];
  };
  for (let cy = Math.min(a.y, b.y) - 1; cy <= Math.max(a.y, b.y) + 1; cy++)
    for (let cx = Math.min(a.x, b.x) - 1; cx <= Math.max(a.x, b.x) + 1; cx++) {
      if (rules.standing(cx, cy, a.z)) continue;
      const sx = slab(a.x, dx, cx - 1, cx + 1), sy = slab(a.y, dy, cy - 1, cy + 1);
      if (!sx || !sy) continue;
      const lo = less(sx[0], sy[0]) ? sy[0] : sx[0], hi = less(sx[1], sy[1]) ? sx[1] : sy[1];
      if (less(lo, hi) && less(lo, [1, 1]) && less([0, 1], hi)) return false;
    }
  return true;
}

/**
 * "" or the first problem of corners packed x, y, z: each pair on one level a walkable line, each pair
 * across levels a legal move; `length` (when given) the lines' lengths plus the moves' costs.
 */
export function cornersProblem(rules: WorldBlocks, corners: Int32Array, length?: number): string {
  const at = (i: number): Voxel => ({ x: corners[3 * i]!, y: corners[3 * i + 1]!, z: corners[3 * i + 2]! });
  const text = (v: Voxel) => `(${v.x}, ${v.y}, ${v.z})`;
  let sum = 0;
  for (let i = 1; i < corners.length / 3; i++) {
    const a = at(i - 1), b = at(i);
    if (a.z === b.z) {
      if (!lineOnLevel(rules, a, b)) return `line ${text(a)} -> ${text(b)} is blocked`;
      sum += Math.hypot(b.x - a.x, b.y - a.y);
    } else {
      const move = rules.moveCost([a.x, a.y, a.z], [b.x, b.y, b.z]);
      if (move === null) return `${text(a)} -> ${text(b)} is no move`;
      sum += move;
    }
  }
  if (length !== undefined && Math.abs(sum - length) > 1e-9 * Math.max(1, sum)) return `length ${length}, recomputed ${sum}`;
  return '';
}
