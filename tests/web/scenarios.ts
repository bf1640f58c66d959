// Readers for the Moving AI files in maps/, written independently of the C++ parser so that the
// tests check the core against a second reading of the same data.
import { readFileSync } from 'node:fs';

/** One line of a `.scen` file (version 1). */
export interface Scenario {
  /** 1-based line number in the file. */
  line: number;
  bucket: number;
  map: string;
  start: { x: number; y: number };
  goal: { x: number; y: number };
  /** The optimal length printed in the file (6 significant digits for dao maps). */
  optimal: number;
}

/** The folder of bundled maps. */
export const mapsDir = new URL('../../maps/', import.meta.url);

/** Reads a file of maps/ as text. */
export function readMapsFile(name: string): string {
  return readFileSync(new URL(name, mapsDir), 'utf8');
}

/** Parses a `.scen` file: a `version 1` line, then 9 tab-separated fields per line; blank lines skipped. */
export function parseScenarios(text: string): Scenario[] {
  const lines = text.split('\n');
  if (!/^version\s+1(\.0)?\s*$/.test(lines[0] ?? '')) throw new Error(`not a version 1 scenario file: ${lines[0]}`);
  const out: Scenario[] = [];
  lines.forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    if (i === 0 || text.trim() === '') return;
    const f = text.split('\t');
    if (f.length !== 9) throw new Error(`scenario line ${i + 1}: expected 9 fields, found ${f.length}`);
    const n = f.map(Number);
    out.push({
      line: i + 1,
      bucket: n[0]!,
      map: f[1]!,
      start: { x: n[4]!, y: n[5]! },
      goal: { x: n[6]!, y: n[7]! },
      optimal: n[8]!,
    });
  });
  return out;
}

/** A map as the tests see it: size and the terrain characters, row by row. */
export interface MapText {
  width: number;
  height: number;
  rows: string[];
}

/** Parses a `.map` file (header `type`, `height`, `width`, then `map` and the rows). */
export function parseMap(text: string): MapText {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  let width = -1;
  let height = -1;
  let i = 0;
  for (; i < lines.length && lines[i] !== 'map'; i++) {
    const [key, value] = lines[i]!.split(/\s+/);
    if (key === 'width') width = Number(value);
    if (key === 'height') height = Number(value);
  }
  const rows = lines.slice(i + 1, i + 1 + height);
  if (width < 0 || rows.length !== height || rows.some((r) => r.length !== width)) {
    throw new Error('malformed map');
  }
  return { width, height, rows };
}

/** Moving AI's octile rule: `.`, `G` and `S` are passable; everything else is blocked. */
export function isPassableChar(c: string | undefined): boolean {
  return c === '.' || c === 'G' || c === 'S';
}
