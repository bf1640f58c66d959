/**
 * What the `hpastar` command needs beside the API: the core's Moving AI scenario reader and path check
 * (called through the module, so that the tool reads, checks and words its messages as the native `hpa`
 * tool does), and JSON numbers printed as the native tool prints them (`%.10g`), so that the two tools'
 * lines can be compared as text.
 * @module
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Grid, Hpastar, Point } from '../api.ts';
import { rawModuleOf } from '../bind.ts';
import { rawGrid } from '../grid.ts';

/**
 * The fields of one problem of a Moving AI `.scen` file: its bucket, start, goal and optimal length
 * (declared once for the tool, the demo and the end-to-end tests, which read the same columns).
 */
export interface ScenarioProblem {
  bucket: number;
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  optimal: number;
}

/** One problem of a `.scen` file, as the tool runs it. */
export interface Scenario extends ScenarioProblem {
  /** Line in the file, 1-based. */
  line: number;
}

/** A file that cannot be read as it should: `"<file>:<line>: <problem>"`. */
export class InputError extends Error {}

/**
 * Reads a `.scen` text and checks it against the map it will run on (name, size, start and goal inside
 * and passable), both by the core (io/MovingAIScenario.h).
 * @throws InputError - the core's message, naming the file, the line and the value
 */
export function readScenarios(hp: Hpastar, text: string, scenFile: string, grid: Grid, mapFile: string): Scenario[] {
  const module = rawModuleOf(hp);
  const columns = module.parseScenarios(text, scenFile);
  if ('error' in columns) throw new InputError(columns.error);
  const error = module.checkScenariosAgainstMap(rawGrid(grid, 'readScenarios'), columns, scenFile, mapFile);
  if (error) throw new InputError(error);
  const { bucket, start, goal, optimal } = columns;
  return Array.from(columns.line, (line, i) => ({
    bucket: bucket[i]!,
    sx: start[2 * i]!,
    sy: start[2 * i + 1]!,
    gx: goal[2 * i]!,
    gy: goal[2 * i + 1]!,
    optimal: optimal[i]!,
    line,
  }));
}

/**
 * The core's path check (path/PathValidator.h), which does not trust the planner: the first cell is the
 * start, the last the goal, each step one of the 8 moves between passable cells without cutting a
 * corner, and the reported cost equals the recomputed one within `tolerance` (relative).
 * @returns null when valid, else the problem
 */
export function pathProblem(hp: Hpastar, grid: Grid, start: Point, goal: Point, cells: Int32Array, reportedCost: number, tolerance = 1e-9): string | null {
  const problem = rawModuleOf(hp).validatePath(rawGrid(grid, 'pathProblem'), start.x, start.y, goal.x, goal.y, cells, reportedCost, tolerance);
  return problem === '' ? null : problem;
}

/** The last part of a path, after `/` or `\`. */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
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
export type JsonField = string | boolean | { readonly int: number } | { readonly json: string } | number;

/** One flat JSON object, keys in the order given, numbers as the native tool writes them. */
export function jsonLine(fields: readonly (readonly [string, JsonField])[]): string {
  const parts = fields.map(([key, value]) => {
    let text: string;
    if (typeof value === 'string') text = JSON.stringify(value);
    else if (typeof value === 'boolean') text = String(value);
    else if (typeof value === 'number') text = formatG(value);
    else if ('json' in value) text = value.json;
    else text = String(Math.trunc(value.int));
    return `${JSON.stringify(key)}:${text}`;
  });
  return `{${parts.join(',')}}`;
}

/**
 * The whole file, read in chunks and refused as soon as it passes `limit` bytes (a device such as
 * /dev/zero never ends), with the native tool's message (cpp/io/TextFile.h).
 */
export function readBounded(path: string, limit: number, kind: string): Buffer {
  const cannotRead = (error: unknown) =>
    new InputError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw cannotRead(error);
  }
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 16);
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        throw cannotRead(error);
      }
      if (n === 0) return Buffer.concat(chunks, size);
      if (n > limit - size) throw new InputError(`${path}: larger than ${limit} bytes, the limit for a ${kind} file`);
      chunks.push(chunk.subarray(0, n));
      size += n;
    }
  } finally {
    closeSync(fd);
  }
}
