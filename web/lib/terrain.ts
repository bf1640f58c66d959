/**
 * Moving AI terrain as plain data, for code that has no WebAssembly module: the characters, their kinds,
 * which are passable by default, and the largest grid. The core declares all of it (grid/Terrain.h,
 * grid/Grid.h) and the module exports it (`terrainCharacters()`, `limits()`); the package reads it from
 * generated/contract.ts (written from the module by the build), for the main thread and for workers.
 * @module
 */
import { LIMITS, TERRAIN_KIND_TABLE } from './generated/contract.ts';

/** One terrain kind of the Moving AI format: the characters that are it, and whether grids walk on it. */
export interface TerrainKindInfo {
  /** `'ground'`, `'swamp'`, `'water'`, `'trees'` or `'out of bounds'`. */
  readonly name: string;
  /** Its characters, e.g. `'.G'` for ground; characters of one kind share a cost multiplier. */
  readonly characters: string;
  /** Whether a grid's default capability (that of the Moving AI octile scenarios) may stand on it. */
  readonly passable: boolean;
}

/** The Moving AI terrain characters and their kinds (see {@link TERRAIN}). */
export interface TerrainTable {
  /** Every terrain character, in the order messages list them: `'.GSWT@O'`. */
  readonly characters: string;
  /** The characters grids walk on by default: `'.GS'` (ground and swamp). */
  readonly passable: string;
  /**
   * The kinds, in the core's order (that of {@link TerrainCostTable} and the cost multipliers):
   * ground `.G`, swamp `S`, water `W`, trees `T`, out of bounds `@O`.
   */
  readonly kinds: readonly TerrainKindInfo[];
}

const KINDS: readonly TerrainKindInfo[] = Object.freeze(TERRAIN_KIND_TABLE.map((k) => Object.freeze({ ...k })));

/**
 * The Moving AI terrain characters, their kinds and which are passable by default: the codes in
 * `Grid.terrain()`, `parseMovingAIMap(...).terrain` and {@link TerrainData} are these characters' codes.
 * @example
 * ```ts
 * TERRAIN.passable;               // '.GS'
 * TERRAIN.kinds[2];               // { name: 'water', characters: 'W', passable: false }
 * isPassableTerrain(terrain[i]);  // per cell, without a module
 * ```
 */
export const TERRAIN: TerrainTable = Object.freeze({
  characters: KINDS.map((k) => k.characters).join(''),
  passable: KINDS.filter((k) => k.passable).map((k) => k.characters).join(''),
  kinds: KINDS,
});

/** The largest grid the core takes (grid/Grid.h): sides of 1 to `maxSide` cells, at most `maxCells` cells. */
export const GRID_LIMITS: { readonly maxSide: number; readonly maxCells: number } = Object.freeze({ maxSide: LIMITS.maxGridSide, maxCells: LIMITS.maxGridCells });

// 0: not terrain, 1 + kind otherwise; indexed by character code.
const KIND_OF_CODE = new Uint8Array(256);
KINDS.forEach((k, i) => {
  for (const c of k.characters) KIND_OF_CODE[c.charCodeAt(0)] = 1 + i;
});

/** @internal The index in {@link TERRAIN}.kinds of a character code, or -1 when it is not terrain. */
export function terrainKindIndex(code: number): number {
  return Number.isInteger(code) && code >= 0 && code <= 0xff ? KIND_OF_CODE[code]! - 1 : -1;
}

/** @internal Whether a byte (0..255, unchecked) is a terrain character code: the readers' fast path. */
export function isTerrainByte(byte: number): boolean {
  return KIND_OF_CODE[byte] !== 0;
}

/** Whether `terrain` (a character such as `'.'`, or its code) is a Moving AI terrain character. */
export function isTerrain(terrain: string | number): boolean {
  return terrainKindIndex(codeOf(terrain)) >= 0;
}

/**
 * Whether `terrain` (a character such as `'S'`, or its code as in `Grid.terrain()`) is passable by
 * default; false for what is not terrain.
 */
export function isPassableTerrain(terrain: string | number): boolean {
  const k = terrainKindIndex(codeOf(terrain));
  return k >= 0 && KINDS[k]!.passable;
}

function codeOf(terrain: string | number): number {
  if (typeof terrain === 'number') return terrain;
  return terrain.length === 1 ? terrain.charCodeAt(0) : -1;
}
