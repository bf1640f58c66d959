// Weighted versions of real maps for the tests and benchmarks of terrain costs: a seeded generator lays
// regions on a cost layer (discs of costly ground, roads that cost less), so that costs vary the way a
// game's do, in patches and lines rather than cell by cell.
import { seeded } from './queries';

/**
 * A cost layer (sixteenths, 16 = the terrain's own cost) for a width x height map: one disc per 4000 cells
 * (at least 4) of radius 2 to a twelfth of the map's side, each 1.5x, 2x, 3x, 5x, 10x or almost 16x, and two
 * to four roads two cells wide across the map at 0.5x.
 */
export function costRegions(width: number, height: number, seed: number): Uint8Array {
  const next = seeded(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const layer = new Uint8Array(width * height).fill(16);
  const discs = Math.max(4, Math.floor((width * height) / 4000));
  for (let i = 0; i < discs; i++) {
    const cx = pick(width);
    const cy = pick(height);
    const r = 2 + pick(Math.max(3, Math.floor(Math.min(width, height) / 12)));
    const value = [24, 32, 48, 80, 160, 255][pick(6)]!;
    for (let y = Math.max(0, cy - r); y <= Math.min(height - 1, cy + r); y++)
      for (let x = Math.max(0, cx - r); x <= Math.min(width - 1, cx + r); x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) layer[y * width + x] = value;
  }
  const roads = 2 + pick(3);
  for (let i = 0; i < roads; i++) {
    const across = next() < 0.5;
    const at = pick(across ? height : width);
    for (let k = 0; k < (across ? width : height); k++)
      for (let t = 0; t < 2; t++) {
        const x = across ? k : Math.min(width - 1, at + t);
        const y = across ? Math.min(height - 1, at + t) : k;
        layer[y * width + x] = 8;
      }
  }
  return layer;
}
