// Checks a path of a square agent (HAA*, Annotated A*) against the map's characters, independently of
// the core's clearance maps and validator: the oracle of the HAA* tests.
import type { MapText } from '../scenarios';

/** The Moving AI characters of each terrain kind an agent may stand on. */
const KIND_CHARACTERS: Record<string, string> = { ground: '.G', swamp: 'S', water: 'W', trees: 'T' };

/** Whether map character `c` is of one of the kinds of `capability` ("ground,trees"). */
export function standsOn(capability: string, c: string | undefined): boolean {
  if (c === undefined) return false;
  return capability.split(',').some((kind) => KIND_CHARACTERS[kind]!.includes(c));
}

/** Whether the `size` × `size` square with top-left cell (x, y) is inside the map and all of `capability`. */
export function squareFits(map: MapText, capability: string, size: number, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x + size > map.width || y + size > map.height) return false;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) if (!standsOn(capability, map.rows[y + dy]![x + dx])) return false;
  }
  return true;
}

/**
 * Throws an Error naming the first problem unless `cells` (anchors x0, y0, x1, y1, ...) is a legal path
 * of the agent from `start` to `goal`: the whole square fits at every anchor, every step is one of the
 * 8 moves, a diagonal step (dx, dy) from (x, y) has the squares at (x + dx, y) and (x, y + dy) fit too
 * (no corner of the square cut), and `reportedCost` is the steps' length (1 straight, √2 diagonal).
 * Returns that length.
 */
export function validateFootprint(
  map: MapText,
  capability: string,
  size: number,
  cells: Int32Array,
  start: { x: number; y: number },
  goal: { x: number; y: number },
  reportedCost: number,
): number {
  const n = cells.length / 2;
  if (n < 1 || cells.length % 2 !== 0) throw new Error(`path has ${cells.length} coordinates`);
  if (cells[0] !== start.x || cells[1] !== start.y) throw new Error(`path starts at (${cells[0]}, ${cells[1]}), not at the start`);
  if (cells[2 * n - 2] !== goal.x || cells[2 * n - 1] !== goal.y) throw new Error('path does not end at the goal');
  let cost = 0;
  for (let i = 0; i < n; i++) {
    const x = cells[2 * i]!;
    const y = cells[2 * i + 1]!;
    if (!squareFits(map, capability, size, x, y)) throw new Error(`anchor ${i} (${x}, ${y}): the size-${size} square does not fit on ${capability}`);
    if (i === 0) continue;
    const px = cells[2 * i - 2]!;
    const py = cells[2 * i - 1]!;
    const dx = x - px;
    const dy = y - py;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) throw new Error(`step ${i} to (${x}, ${y}) is not one of the 8 moves`);
    if (dx !== 0 && dy !== 0) {
      if (!squareFits(map, capability, size, px + dx, py) || !squareFits(map, capability, size, px, py + dy)) {
        throw new Error(`step ${i} from (${px}, ${py}) to (${x}, ${y}) cuts a corner of the square`);
      }
      cost += Math.SQRT2;
    } else {
      cost += 1;
    }
  }
  if (Math.abs(cost - reportedCost) > 1e-9 * Math.max(1, cost)) throw new Error(`reported cost ${reportedCost} but the steps add up to ${cost}`);
  return cost;
}
