/**
 * What the `hpastar` command needs beside the API: Moving AI scenario files, a path checker that does
 * not trust the planner, and JSON numbers printed as the native `hpa` tool prints them (`%.10g`), so
 * that the two tools' lines can be compared as text.
 * @module
 */

/** One problem of a `.scen` file. */
export interface Scenario {
  bucket: number;
  /** As written in the file, possibly with a directory part. */
  mapName: string;
  mapWidth: number;
  mapHeight: number;
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  optimal: number;
  /** Line in the file, 1-based. */
  line: number;
}

/** A file that cannot be read as it should: `"<file>:<line>: <problem>"`. */
export class InputError extends Error {}

const FIELD_NAMES = ['bucket', 'map', 'map width', 'map height', 'start x', 'start y', 'goal x', 'goal y', 'optimal length'];

/**
 * Parses a `.scen` file as the native tool does: `version 1` (or `1.0`), then 9 tab-separated fields
 * per line (space-separated accepted when that gives 9); blank lines skipped.
 * @throws InputError - naming the line and the field
 */
export function parseScenarios(text: string, fileName: string): Scenario[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const fail = (line: number, message: string): never => {
    throw new InputError(`${fileName}:${line}: ${message}`);
  };
  const header = (lines[0] ?? '').trim();
  if (lines.length === 0 || (lines.length === 1 && header === '')) fail(1, 'empty file, expected "version 1"');
  if (header !== 'version 1' && header !== 'version 1.0') fail(1, `expected "version 1", found "${header.slice(0, 40)}"`);
  const out: Scenario[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const fields = line.includes('\t') ? line.split('\t').map((f) => f.trim()) : line.split(' ').map((f) => f.trim()).filter((f) => f !== '');
    if (fields.length !== 9) fail(i + 1, fields.length > 9 ? 'more than 9 fields' : `has ${fields.length} fields, expected 9`);
    const ints: number[] = [];
    for (const k of [0, 2, 3, 4, 5, 6, 7]) {
      const f = fields[k]!;
      if (!/^[-+]?\d+$/.test(f) || !Number.isSafeInteger(Number(f)) || Math.abs(Number(f)) > 0x7fffffff) {
        fail(i + 1, `${FIELD_NAMES[k]} "${f.slice(0, 40)}" is not an integer`);
      }
      if (Number(f) < 0) fail(i + 1, `${FIELD_NAMES[k]} ${Number(f)} is negative`);
      ints.push(Number(f));
    }
    if (fields[1] === '') fail(i + 1, 'map name is empty');
    const optimal = Number(fields[8]);
    if (fields[8] === '' || !Number.isFinite(optimal)) fail(i + 1, `optimal length "${fields[8]!.slice(0, 40)}" is not a number`);
    if (optimal < 0) fail(i + 1, 'optimal length is negative');
    const [bucket, mapWidth, mapHeight, sx, sy, gx, gy] = ints as [number, number, number, number, number, number, number];
    out.push({ bucket, mapName: fields[1]!, mapWidth, mapHeight, sx, sy, gx, gy, optimal, line: i + 1 });
  }
  return out;
}

/** The last part of a path, after `/` or `\`. */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Moving AI's octile rule: `.`, `G` and `S` are passable. */
const PASSABLE = new Uint8Array(128);
for (const c of '.GS') PASSABLE[c.charCodeAt(0)] = 1;

/** A map as the checker sees it: terrain codes, row-major. */
export interface TerrainView {
  readonly width: number;
  readonly height: number;
  readonly terrain: Uint8Array;
}

/** True when (x, y) is inside the map and passable. */
export function passable(map: TerrainView, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < map.width && y < map.height && PASSABLE[map.terrain[y * map.width + x]!] === 1;
}

/**
 * Checks scenarios against their map as the native tool does: same map name and size, start and goal
 * inside and passable.
 * @throws InputError - naming the first scenario line that does not fit
 */
export function checkScenariosAgainstMap(scenarios: readonly Scenario[], map: TerrainView, scenFile: string, mapFile: string): void {
  const fail = (line: number, message: string): never => {
    throw new InputError(`${scenFile}:${line}: ${message}`);
  };
  for (const s of scenarios) {
    if (baseName(s.mapName) !== baseName(mapFile)) fail(s.line, `scenario is for map "${s.mapName}", not "${baseName(mapFile)}"`);
    if (s.mapWidth !== map.width || s.mapHeight !== map.height) {
      fail(s.line, `scenario map size ${s.mapWidth}x${s.mapHeight} differs from the map's ${map.width}x${map.height} (scaled scenarios are not supported)`);
    }
    const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height;
    if (!inside(s.sx, s.sy)) fail(s.line, `start (${s.sx}, ${s.sy}) is outside the map`);
    if (!inside(s.gx, s.gy)) fail(s.line, `goal (${s.gx}, ${s.gy}) is outside the map`);
    if (!passable(map, s.sx, s.sy)) fail(s.line, `start (${s.sx}, ${s.sy}) is on blocked terrain`);
    if (!passable(map, s.gx, s.gy)) fail(s.line, `goal (${s.gx}, ${s.gy}) is on blocked terrain`);
  }
}

/**
 * The native tool's path check (PathValidator.h): the first cell is the start, the last the goal, each
 * step one of the 8 moves between passable cells without cutting a corner, and the reported cost
 * equals the recomputed one within `tolerance` (relative).
 * @returns null when valid, else the problem
 */
export function pathProblem(map: TerrainView, sx: number, sy: number, gx: number, gy: number, cells: Int32Array, reportedCost: number, tolerance = 1e-9): string | null {
  const n = cells.length / 2;
  if (n === 0) return 'empty path';
  if (cells[0] !== sx || cells[1] !== sy) return `path starts at (${cells[0]}, ${cells[1]}), not at the start (${sx}, ${sy})`;
  if (cells[2 * n - 2] !== gx || cells[2 * n - 1] !== gy) return `path ends at (${cells[2 * n - 2]}, ${cells[2 * n - 1]}), not at the goal (${gx}, ${gy})`;
  let straight = 0;
  let diagonal = 0;
  for (let i = 0; i < n; i++) {
    const x = cells[2 * i]!;
    const y = cells[2 * i + 1]!;
    if (!passable(map, x, y)) return `cell ${i} (${x}, ${y}) is blocked or outside the map`;
    if (i === 0) continue;
    const px = cells[2 * i - 2]!;
    const py = cells[2 * i - 1]!;
    const dx = x - px;
    const dy = y - py;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return `step ${i} from (${px}, ${py}) to (${x}, ${y}) is not one of the 8 moves`;
    if (dx !== 0 && dy !== 0) {
      if (!passable(map, px + dx, py) || !passable(map, px, py + dy)) return `step ${i} from (${px}, ${py}) to (${x}, ${y}) cuts a corner`;
      diagonal++;
    } else {
      straight++;
    }
  }
  const cost = straight + diagonal * Math.SQRT2;
  if (Math.abs(cost - reportedCost) > tolerance * Math.max(1, cost)) return `reported cost ${reportedCost} but the steps add up to ${cost}`;
  return null;
}

/** A number as C's `printf("%.10g")` writes it (the native tool's JSON numbers); `null` when not finite. */
export function formatG(value: number, precision = 10): string {
  if (!Number.isFinite(value)) return 'null';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const exp = Number(value.toExponential(precision - 1).split('e')[1]);
  const trim = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  if (exp < -4 || exp >= precision) {
    const [mantissa, e] = value.toExponential(precision - 1).split('e') as [string, string];
    const sign = e.startsWith('-') ? '-' : '+';
    const digits = e.replace(/^[-+]/, '');
    return `${trim(mantissa)}e${sign}${digits.padStart(2, '0')}`;
  }
  return trim(value.toFixed(Math.max(0, precision - 1 - exp)));
}

/** A JSON value of a flat object line: integers as integers, other numbers as `%.10g`. */
export type JsonField = string | boolean | { readonly int: number } | number;

/** One flat JSON object, keys in the order given, numbers as the native tool writes them. */
export function jsonLine(fields: readonly (readonly [string, JsonField])[]): string {
  const parts = fields.map(([key, value]) => {
    let text: string;
    if (typeof value === 'string') text = JSON.stringify(value);
    else if (typeof value === 'boolean') text = String(value);
    else if (typeof value === 'number') text = formatG(value);
    else text = String(Math.trunc(value.int));
    return `${JSON.stringify(key)}:${text}`;
  });
  return `{${parts.join(',')}}`;
}
