// Where the demo's maps come from: the bundled Moving AI maps, a .map file from disk, and generators
// (empty, maze, rooms, random obstacles). Generated maps are reproducible from their parameters, so a
// permalink can name one; a map drawn by hand can be saved as a .map file.
import type { ScenarioProblem } from '../lib/cli/movingai';

/** Moving AI terrain codes used by the demo's tools and generators. */
export const GROUND = 0x2e; // '.'
export const WALL = 0x40; // '@'

/** A map as the demo holds it: terrain characters, row-major. */
export interface TerrainMap {
  width: number;
  height: number;
  terrain: Uint8Array;
}

export type GeneratorKind = 'empty' | 'maze' | 'rooms' | 'random';

/** Everything that makes a generated map, as written in a permalink (`gen=maze-256x256-w2-s7`). */
export interface GeneratorParams {
  kind: GeneratorKind;
  width: number;
  height: number;
  /** maze: corridor width; rooms: room side; random: obstacle percentage. Ignored for empty. */
  feature: number;
  seed: number;
}

export const GENERATOR_DEFAULTS: Record<GeneratorKind, { feature: number; label: string; featureLabel: string; min: number; max: number }> = {
  empty: { feature: 0, label: 'Empty (draw your own)', featureLabel: '–', min: 0, max: 0 },
  maze: { feature: 2, label: 'Maze', featureLabel: 'Corridor width', min: 1, max: 32 },
  rooms: { feature: 31, label: 'Rooms', featureLabel: 'Room side', min: 4, max: 256 },
  random: { feature: 30, label: 'Random obstacles', featureLabel: 'Obstacles (%)', min: 0, max: 60 },
};

/** `maze-256x256-w2-s7` ⇄ params; null when the text is not one. */
export function generatorName(p: GeneratorParams): string {
  return `${p.kind}-${p.width}x${p.height}-f${p.feature}-s${p.seed}`;
}

export function parseGeneratorName(text: string): GeneratorParams | null {
  const m = /^(empty|maze|rooms|random)-(\d+)x(\d+)-f(\d+)-s(\d+)$/.exec(text);
  if (!m) return null;
  const p: GeneratorParams = { kind: m[1] as GeneratorKind, width: +m[2]!, height: +m[3]!, feature: +m[4]!, seed: +m[5]! };
  const d = GENERATOR_DEFAULTS[p.kind];
  if (p.width < 4 || p.height < 4 || p.width > 4096 || p.height > 4096) return null;
  if (p.kind !== 'empty' && (p.feature < d.min || p.feature > d.max)) return null;
  return p;
}

/** A small, fast, seeded random generator (mulberry32): the same seed always gives the same map. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generate(p: GeneratorParams): TerrainMap {
  const { width, height } = p;
  const terrain = new Uint8Array(width * height).fill(GROUND);
  const random = seeded(p.seed);
  if (p.kind === 'random') {
    const share = p.feature / 100;
    for (let i = 0; i < terrain.length; i++) if (random() < share) terrain[i] = WALL;
  } else if (p.kind === 'maze') {
    maze(terrain, width, height, Math.max(1, p.feature), random);
  } else if (p.kind === 'rooms') {
    rooms(terrain, width, height, Math.max(2, p.feature), random);
  }
  return { width, height, terrain };
}

/**
 * A perfect maze (one route between any two cells) carved by a randomized depth-first search, like
 * the Moving AI maze maps: corridors `corridor` cells wide between walls one cell thick.
 */
function maze(terrain: Uint8Array, width: number, height: number, corridor: number, random: () => number): void {
  terrain.fill(WALL);
  const pitch = corridor + 1;
  const cols = Math.max(1, Math.floor((width - 1) / pitch));
  const rows = Math.max(1, Math.floor((height - 1) / pitch));
  const carve = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) terrain.fill(GROUND, y * width + x0, y * width + Math.min(width, x0 + w));
  };
  const seen = new Uint8Array(cols * rows);
  const stack: number[] = [0];
  seen[0] = 1;
  carve(1, 1, corridor, corridor);
  const dirs = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const;
  while (stack.length) {
    const c = stack[stack.length - 1]!;
    const cx = c % cols, cy = (c / cols) | 0;
    const options: number[] = [];
    for (let d = 0; d < 4; d++) {
      const nx = cx + dirs[d]![0], ny = cy + dirs[d]![1];
      if (nx >= 0 && ny >= 0 && nx < cols && ny < rows && !seen[ny * cols + nx]) options.push(d);
    }
    if (!options.length) {
      stack.pop();
      continue;
    }
    const d = options[Math.floor(random() * options.length)]!;
    const nx = cx + dirs[d]![0], ny = cy + dirs[d]![1];
    seen[ny * cols + nx] = 1;
    // Carve the next cell and the wall between.
    const x0 = 1 + Math.min(cx, nx) * pitch, y0 = 1 + Math.min(cy, ny) * pitch;
    carve(x0, y0, nx !== cx ? 2 * corridor + 1 : corridor, ny !== cy ? 2 * corridor + 1 : corridor);
    stack.push(ny * cols + nx);
  }
}

/**
 * Square rooms with walls one cell thick, like the Moving AI room maps: every room joined to the
 * others through a random spanning tree of doors, plus some extra doors (so there are loops).
 */
function rooms(terrain: Uint8Array, width: number, height: number, side: number, random: () => number): void {
  const pitch = side + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (x % pitch === side || y % pitch === side) terrain[y * width + x] = WALL;
  }
  const cols = Math.ceil(width / pitch), rows = Math.ceil(height / pitch);
  const door = (cx: number, cy: number, horizontal: boolean) => {
    // horizontal: a door in the east wall of room (cx, cy); else in its south wall.
    const span = Math.max(1, Math.min(side, 1 + Math.floor(random() * Math.max(1, side / 3))));
    const at = Math.floor(random() * (side - span + 1));
    for (let i = 0; i < span; i++) {
      const x = horizontal ? cx * pitch + side : cx * pitch + at + i;
      const y = horizontal ? cy * pitch + at + i : cy * pitch + side;
      if (x < width && y < height) terrain[y * width + x] = GROUND;
    }
  };
  // Random spanning tree over the rooms (randomized depth-first), then 25% of the other walls.
  const seen = new Uint8Array(cols * rows);
  const joined = new Set<string>();
  const stack = [0];
  seen[0] = 1;
  while (stack.length) {
    const c = stack[stack.length - 1]!;
    const cx = c % cols, cy = (c / cols) | 0;
    const next = [
      [cx + 1, cy],
      [cx - 1, cy],
      [cx, cy + 1],
      [cx, cy - 1],
    ].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < cols && y! < rows && !seen[y! * cols + x!]);
    if (!next.length) {
      stack.pop();
      continue;
    }
    const [nx, ny] = next[Math.floor(random() * next.length)]! as [number, number];
    seen[ny * cols + nx] = 1;
    const horizontal = ny === cy;
    const ox = Math.min(cx, nx), oy = Math.min(cy, ny);
    door(ox, oy, horizontal);
    joined.add(`${ox},${oy},${horizontal}`);
    stack.push(ny * cols + nx);
  }
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      if (cx + 1 < cols && !joined.has(`${cx},${cy},true`) && random() < 0.25) door(cx, cy, true);
      if (cy + 1 < rows && !joined.has(`${cx},${cy},false`) && random() < 0.25) door(cx, cy, false);
    }
  }
}

/** The map as Moving AI `.map` text. */
export function toMovingAI(map: TerrainMap): string {
  const rows: string[] = [];
  const decoder = new TextDecoder('latin1');
  for (let y = 0; y < map.height; y++) rows.push(decoder.decode(map.terrain.subarray(y * map.width, (y + 1) * map.width)));
  return `type octile\nheight ${map.height}\nwidth ${map.width}\nmap\n${rows.join('\n')}\n`;
}

/** One line of a Moving AI `.scen` file. */
export type Scenario = ScenarioProblem;

/** Parses a `.scen` file (version 1); lines that do not parse are skipped. */
export function parseScenarios(text: string): Scenario[] {
  const out: Scenario[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\t/);
    if (f.length < 9) continue;
    const n = f.map(Number);
    if (!Number.isFinite(n[4]) || !Number.isFinite(n[8])) continue;
    out.push({ bucket: n[0]!, sx: n[4]!, sy: n[5]!, gx: n[6]!, gy: n[7]!, optimal: n[8]! });
  }
  return out;
}
