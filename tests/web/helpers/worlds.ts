// Small block worlds for the world tests: text drawn level by level, and the cells an agent stands in.
import type { BlockWorld, Voxel } from '../../../web/lib/index';

/** World text from levels of rows (level 0 first). */
export function worldText(levels: string[][]): string {
  const head = `type octile\nheight ${levels[0]!.length}\nwidth ${levels[0]![0]!.length}\nlevels ${levels.length}\nmap\n`;
  return head + levels.map((rows, z) => `level ${z}\n${rows.join('\n')}\n`).join('');
}

/** Every cell of `world` an agent stands in, level by level. */
export function standingCells(world: BlockWorld): Voxel[] {
  const cells: Voxel[] = [];
  for (let z = 0; z < world.levels; z++) {
    const standing = world.standingFloor(z);
    standing.forEach((s, i) => s && cells.push({ x: i % world.width, y: Math.floor(i / world.width), z }));
  }
  return cells;
}
