// The test helpers must reject what they exist to catch.
import { describe, expect, test } from 'vitest';
import { parseMap, parseScenarios } from './scenarios';
import { validatePath } from './validatePath';

const map = parseMap('type octile\nheight 4\nwidth 3\nmap\n.@.\n...\n...\n.T.\n');
const path = (...xy: number[]) => Int32Array.from(xy);
const a = { x: 0, y: 0 };

describe('validatePath', () => {
  test('accepts a legal path and returns its length', () => {
    const cost = 2 + 2 * Math.SQRT2;
    expect(validatePath(map, path(0, 0, 0, 1, 1, 2, 2, 1, 2, 0), a, { x: 2, y: 0 }, cost)).toBe(cost);
  });

  test('rejects a corner cut, a jump, a blocked cell, wrong ends and a wrong cost', () => {
    expect(() => validatePath(map, path(0, 0, 1, 1), a, { x: 1, y: 1 }, Math.SQRT2)).toThrow(/cuts a corner/);
    expect(() => validatePath(map, path(0, 0, 0, 2), a, { x: 0, y: 2 }, 2)).toThrow(/not one of the 8 moves/);
    expect(() => validatePath(map, path(0, 0, 0, 0), a, a, 0)).toThrow(/not one of the 8 moves/);
    expect(() => validatePath(map, path(0, 2, 1, 3), { x: 0, y: 2 }, { x: 1, y: 3 }, Math.SQRT2)).toThrow(/blocked/);
    expect(() => validatePath(map, path(0, 0, 0, 1), { x: 0, y: 1 }, { x: 0, y: 1 }, 1)).toThrow(/starts at/);
    expect(() => validatePath(map, path(0, 0, 0, 1), a, { x: 0, y: 2 }, 1)).toThrow(/ends at/);
    expect(() => validatePath(map, path(0, 0, 0, 1), a, { x: 0, y: 1 }, 1.001)).toThrow(/reported cost/);
  });
});

describe('parseScenarios', () => {
  test('reads the 9 tab-separated fields and skips blank lines', () => {
    const text = 'version 1\n3\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1.00000000\n\n';
    expect(parseScenarios(text)).toEqual([
      { line: 2, bucket: 3, map: 'maps/dao/arena.map', start: { x: 1, y: 11 }, goal: { x: 1, y: 12 }, optimal: 1 },
    ]);
    expect(() => parseScenarios('version 2\n')).toThrow();
  });
});
