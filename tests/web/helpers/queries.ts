// Query sets for the HPA* and pool tests: seeded, so every run checks the same searches.
import { seeded } from '../../../web/demo/maps';
import type { Point } from '../../../web/lib/index';
import { isPassableChar, type MapText } from '../scenarios';

// The demo's small deterministic generator (mulberry32): the same sequence for a seed in both.
export { seeded };

/** Every passable cell of a map. */
export function passableCells(map: MapText): Point[] {
  const cells: Point[] = [];
  map.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (isPassableChar(row[x])) cells.push({ x, y });
  });
  return cells;
}

/** `count` random [start, goal] pairs of passable cells. */
export function randomPairs(map: MapText, count: number, seed: number): [Point, Point][] {
  const cells = passableCells(map);
  const random = seeded(seed);
  const pick = () => cells[Math.floor(random() * cells.length)]!;
  return Array.from({ length: count }, () => [pick(), pick()] as [Point, Point]);
}

/** Packs pairs as [sx, sy, gx, gy, ...]. */
export function pack(pairs: readonly (readonly [Point, Point])[]): Int32Array {
  const out = new Int32Array(pairs.length * 4);
  pairs.forEach(([s, g], i) => out.set([s.x, s.y, g.x, g.y], 4 * i));
  return out;
}
