// The TypeScript Moving AI reader (web/lib/movingAIMap.ts) against the core's (cpp/io/MovingAIMap.cpp,
// reached through Grid.fromMovingAI): on every map of maps/ and on malformed texts, both accept the same
// texts with the same terrain, and refuse the same texts with the same message, character for character.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, parseMovingAIMap, type Hpastar } from '../../web/lib/index';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

type Outcome = { ok: true; width: number; height: number; terrain: Uint8Array } | { ok: false; message: string };

/** What the core's reader makes of `text`: the grid's terrain, or its message. */
function native(text: string | Uint8Array, name: string): Outcome {
  // Grid.fromMovingAI takes a string and sends it as UTF-8: bytes go as the string they decode to.
  const content = typeof text === 'string' ? text : new TextDecoder().decode(text);
  try {
    const grid = hp.Grid.fromMovingAI(content, name);
    const outcome = { ok: true as const, width: grid.width, height: grid.height, terrain: grid.terrain() };
    grid.dispose();
    return outcome;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** What the TypeScript reader makes of it. */
function typescript(text: string | Uint8Array, name: string): Outcome {
  try {
    return { ok: true, ...parseMovingAIMap(text, name) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

const mapsDir = new URL('../../maps/', import.meta.url);
const shipped = readdirSync(mapsDir).filter((f) => f.endsWith('.map'));

test.each(shipped)('reads %s as the core does, as a string and as bytes', (name) => {
  const bytes = readFileSync(new URL(name, mapsDir));
  const text = bytes.toString('utf8');
  const expected = native(text, name);
  if (!expected.ok) throw new Error(expected.message);
  for (const input of [text, new Uint8Array(bytes)]) {
    const mine = typescript(input, name);
    if (!mine.ok) throw new Error(mine.message);
    expect([mine.width, mine.height]).toEqual([expected.width, expected.height]);
    // Compared as bytes: a deep equality of 262,144 elements takes seconds.
    expect(Buffer.compare(mine.terrain, expected.terrain)).toBe(0);
  }
});

const HEADER = 'type octile\nheight 2\nwidth 3\nmap\n';
const long = 'x'.repeat(50);

// [what, text]: each read by both readers; the test says which accept and what they answer.
const cases: [string, string][] = [
  ['a plain map', `${HEADER}...\n.@.\n`],
  ['CRLF line ends', HEADER.replaceAll('\n', '\r\n') + '.G.\r\nSWT\r\n'],
  ['no newline after the last row', `${HEADER}...\n.O.`],
  ['tabs and spaces around header values', 'type\toctile \n  width\t3\nheight   2\t\nmap\t\n...\n...\n'],
  ['width before height', 'type octile\nwidth 3\nheight 2\nmap\n...\n...\n'],
  ['blank lines after the last row', `${HEADER}...\n...\n\n \t\n\r\n`],
  ['leading zeros', 'type octile\nheight 002\nwidth 03\nmap\n...\n...\n'],
  ['the empty text', ''],
  ['a first line that is not "type"', 'kind octile\n'],
  ['"type" without a value', 'type\nheight 1\n'],
  ['another map type', 'type tile\n'],
  ['a long first line', `${long}\n`],
  ['a long map type', `type ${long}\n`],
  ['an end before "map"', 'type octile\nheight 2\nwidth 3\n'],
  ['an unknown header line', 'type octile\nheight 2\ndepth 3\n'],
  ['"map" with a value', 'type octile\nheight 2\nwidth 3\nmap now\n'],
  ['height twice', 'type octile\nheight 2\nheight 3\n'],
  ['width twice', 'type octile\nwidth 2\nheight 3\nwidth 3\n'],
  ['a height that is not a number', 'type octile\nheight two\n'],
  ['a height with a sign', 'type octile\nheight +2\n'],
  ['a fractional width', 'type octile\nwidth 2.5\n'],
  ['an empty height', 'type octile\nheight\n'],
  ['a height beyond 32 bits', 'type octile\nheight 4294967298\n'],
  ['a height of 0', 'type octile\nheight 0\n'],
  ['a height of -0', 'type octile\nheight -0\n'],
  ['a negative width', 'type octile\nwidth -5\n'],
  ['a width above 8192', 'type octile\nwidth 8193\n'],
  ['too many cells', 'type octile\nheight 8192\nwidth 8192\nmap\n'],
  ['"map" before "height"', 'type octile\nwidth 3\nmap\n'],
  ['"map" before "width"', 'type octile\nheight 2\nmap\n'],
  ['too few rows', `${HEADER}...\n`],
  ['no rows', HEADER],
  ['a short row', `${HEADER}...\n..\n`],
  ['a long row', `${HEADER}....\n...\n`],
  ['an unknown character', `${HEADER}...\n.x.\n`],
  ['a space in a row', `${HEADER}...\n. .\n`],
  ['a tab in a row', `${HEADER}...\n.\t.\n`],
  ['a control character', `${HEADER}..\u0001\n...\n`],
  ['a character beyond ASCII (two bytes)', `${HEADER}...\n.é\n`],
  ['a character beyond ASCII, counted in bytes', `${HEADER}...\né.\n`],
  ['a non-blank line after the rows', `${HEADER}...\n...\n\n.\n`],
  ['a lone CR after the rows', `${HEADER}...\n...\n\r\r\n`],
  ['a height with letters after it', 'type octile\nheight 2x\n'],
  ['a non-ASCII header value', 'type octile\nheight ünf\n'],
];

describe('the same answers as the core on malformed and unusual texts', () => {
  test.each(cases)('%s', (_, text) => {
    const expected = native(text, 'bad.map');
    expect(typescript(text, 'bad.map')).toEqual(expected);
  });

  test('some are accepted, most refused, each refusal naming the file and the line', () => {
    const accepted = cases.filter(([, text]) => typescript(text, 'bad.map').ok).map(([what]) => what);
    expect(accepted).toEqual(cases.slice(0, 7).map(([what]) => what));
    for (const [what, text] of cases.slice(7)) {
      const outcome = typescript(text, 'bad.map');
      expect(outcome.ok ? '' : outcome.message, what).toMatch(/^bad\.map:[1-9][0-9]*: /);
    }
  });
});

test('messages quote at most 40 bytes, and name the line, the value and the cell', () => {
  expect(() => parseMovingAIMap(`type ${long}\n`, 'a.map')).toThrow(`a.map:1: map type "${'x'.repeat(40)}..." is not supported (only octile)`);
  expect(() => parseMovingAIMap(`${HEADER}...\n.x.\n`, 'a.map')).toThrow("a.map:6: unknown terrain character 'x' at column 2 (cell 1, 1)");
  expect(() => parseMovingAIMap(`${HEADER}...\n..\u0001\n`, 'a.map')).toThrow('a.map:6: unknown terrain character byte 1 at column 3 (cell 2, 1)');
  expect(() => parseMovingAIMap(`${HEADER}...\n`, 'a.map')).toThrow('a.map:6: map has 1 rows, header says height 2');
});

test('the file name is "map" by default and "<input>" when empty, as the core says it', () => {
  expect(() => parseMovingAIMap('')).toThrow(/^map:1: empty file/);
  expect(native('', '')).toEqual({ ok: false, message: '<input>:1: empty file, expected "type octile"' });
  expect(() => parseMovingAIMap('', '')).toThrow('<input>:1: empty file, expected "type octile"');
});

test('refuses what is not text with a TypeError naming the argument', () => {
  expect(() => parseMovingAIMap(42 as unknown as string)).toThrow(new TypeError('parseMovingAIMap: text must be a string or a Uint8Array, got 42'));
  expect(() => parseMovingAIMap(HEADER, null as unknown as string)).toThrow(new TypeError('parseMovingAIMap: fileName must be a string, got null'));
});

test('the terrain is a new array that the caller owns: reading the same bytes twice gives two arrays', () => {
  const bytes = new TextEncoder().encode(`${HEADER}...\n.@.\n`);
  const a = parseMovingAIMap(bytes);
  const b = parseMovingAIMap(bytes);
  expect(a.terrain).not.toBe(b.terrain);
  a.terrain[0] = 64;
  expect(b.terrain[0]).toBe(46);
  expect(new TextDecoder().decode(a.terrain)).toBe('@...@.');
});
