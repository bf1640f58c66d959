// Checks a path against the rules of the grid, independently of the C++ validator.
import { isPassableChar, type MapText } from './scenarios';

interface Cell {
  x: number;
  y: number;
}

/**
 * Throws an Error naming the first problem, unless `cells` (x0, y0, x1, y1, ...) is a legal
 * 8-connected path from `start` to `goal` on `map` whose length equals `reportedCost` within 1e-9
 * (relative). Returns the recomputed length. With `weight` (a cell's terrain cost multiplier), the cost
 * is recomputed under terrain costs: a straight step costs the mean of its two cells' weights, a
 * diagonal one √2 times the mean of the four cells it touches.
 */
export function validatePath(
  map: MapText,
  cells: Int32Array,
  start: Cell,
  goal: Cell,
  reportedCost: number,
  weight: (x: number, y: number) => number = () => 1,
): number {
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height && isPassableChar(map.rows[y]![x]);
  if (cells.length < 2 || cells.length % 2 !== 0) throw new Error(`path has ${cells.length} coordinates`);
  const n = cells.length / 2;
  const at = (i: number): Cell => ({ x: cells[2 * i]!, y: cells[2 * i + 1]! });
  const first = at(0);
  const last = at(n - 1);
  if (first.x !== start.x || first.y !== start.y) throw new Error(`path starts at (${first.x}, ${first.y}), not at the start`);
  if (last.x !== goal.x || last.y !== goal.y) throw new Error(`path ends at (${last.x}, ${last.y}), not at the goal`);
  let cost = 0;
  for (let i = 0; i < n; i++) {
    const c = at(i);
    if (!free(c.x, c.y)) throw new Error(`cell ${i} (${c.x}, ${c.y}) is blocked or outside the map`);
    if (i === 0) continue;
    const p = at(i - 1);
    const dx = c.x - p.x;
    const dy = c.y - p.y;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) {
      throw new Error(`step ${i} from (${p.x}, ${p.y}) to (${c.x}, ${c.y}) is not one of the 8 moves`);
    }
    if (dx !== 0 && dy !== 0) {
      if (!free(p.x + dx, p.y) || !free(p.x, p.y + dy)) {
        throw new Error(`step ${i} from (${p.x}, ${p.y}) to (${c.x}, ${c.y}) cuts a corner`);
      }
      cost += Math.SQRT2 * 0.25 * (weight(p.x, p.y) + weight(c.x, c.y) + (weight(p.x + dx, p.y) + weight(p.x, p.y + dy)));
    } else {
      cost += 0.5 * (weight(p.x, p.y) + weight(c.x, c.y));
    }
  }
  if (Math.abs(cost - reportedCost) > 1e-9 * Math.max(1, cost)) {
    throw new Error(`reported cost ${reportedCost} but the cells add up to ${cost}`);
  }
  return cost;
}
