// Both command-line tools (the native `hpa`, build/native/hpa, and the package's `hpastar`, web/lib/cli)
// on inputs at the edges: files that never end, switches given values, header whitespace, grids above
// the cell limit, builds above the memory budget, and degenerate maps (one cell, one row, one column, no
// open cell, one open cell) through every command and planner: a clear error or a correct answer, never
// a hang or a crash.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const hpaTool = path.join(root, 'build/native/hpa');
const cli = path.join(root, 'web/lib/cli/hpastar.ts');
const hooks = path.join(root, 'scripts/register-ts.mjs');
const maps = path.join(root, 'maps');
const tmp = mkdtempSync(path.join(tmpdir(), 'hpastar-cli-inputs-'));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A run that may not hang: killed after 60 s (a hang then shows as a null status and SIGTERM). */
function run(command: string, args: string[]): Run {
  const r = spawnSync(command, args, { encoding: 'utf8', cwd: root, maxBuffer: 1 << 26, timeout: 60_000 });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}
const native = (...args: string[]) => run(hpaTool, args);
const wasm = (...args: string[]) => run(process.execPath, ['--import', hooks, cli, ...args]);
const json = (r: Run) => r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
/** The native tool's message with the package tool's names. */
const asWasm = (stderr: string) => stderr.replaceAll('hpa: ', 'hpastar: ').replace('(hpa --help', '(hpastar --help');

function writeMap(name: string, rows: string[]): string {
  const file = path.join(tmp, name);
  writeFileSync(file, `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`);
  return file;
}

describe('bad inputs: a clear error naming the input', () => {
  test('a map or scenario file that never ends (/dev/zero) is refused at the limit, by both tools', () => {
    const mapLimit = 'larger than 16859136 bytes, the limit for a map file';
    const stats = native('stats', '/dev/zero');
    expect([stats.status, stats.stderr]).toEqual([1, `hpa: /dev/zero: ${mapLimit}\n`]);
    const build = wasm('build', '/dev/zero', '-o', path.join(tmp, 'zero.hpa'));
    expect([build.status, build.stderr]).toEqual([1, `hpastar: /dev/zero: ${mapLimit}\n`]);
    const scenLimit = 'larger than 67108864 bytes, the limit for a scenario file';
    const arena = path.join(maps, 'arena.map');
    const a = native('scen', '/dev/zero', '--map', arena);
    const b = wasm('scen', '/dev/zero', '--map', arena);
    expect([a.status, a.stderr]).toEqual([1, `hpa: /dev/zero: ${scenLimit}\n`]);
    expect([b.status, b.stderr]).toEqual([1, `hpastar: /dev/zero: ${scenLimit}\n`]);
    const hierarchy = wasm('scen', path.join(maps, 'arena.map.scen'), '--algo', 'hpa', '--hierarchy', '/dev/zero');
    expect([hierarchy.status, hierarchy.stderr]).toEqual([1, 'hpastar: /dev/zero: larger than 1073741824 bytes, the limit for a hierarchy file\n']);
  });

  test('a switch given a value is refused, naming the switch and the value, by both tools', () => {
    const scen = path.join(maps, 'arena.map.scen');
    for (const [flag, value] of [['cache-paths', '0'], ['no-smooth', 'no'], ['per-query', 'false'], ['distance-table', 'true']] as const) {
      const message = `--${flag} is a switch and takes no value (found "${value}"): give --${flag} to turn it on, leave it out to keep the default`;
      const a = native('scen', scen, '--algo', 'hpa', `--${flag}=${value}`);
      const b = wasm('scen', scen, '--algo', 'hpa', `--${flag}=${value}`);
      expect([a.status, a.stderr], flag).toEqual([2, `hpa: ${message}\n(hpa --help for usage)\n`]);
      expect([b.status, b.stderr], flag).toEqual([2, asWasm(a.stderr)]);
    }
    const help = native('--help');
    expect(help.stdout).toMatch(/Switches .* take no\nvalue: .* --x=VALUE is refused\./s);
    expect(wasm('--help').stdout).toMatch(/Switches .* take no\nvalue: .* --x=VALUE is refused\./s);
  });

  test('an unknown option given last is unknown, not short of a value; a known one is short of its value, by both tools', () => {
    const arena = path.join(maps, 'arena.map');
    const scen = path.join(maps, 'arena.map.scen');
    // stats is the native tool's alone.
    const stats = native('stats', arena, '--bogus');
    expect([stats.status, stats.stderr]).toEqual([2, 'hpa: unknown option --bogus\n(hpa --help for usage)\n']);
    const cases: [string[], string][] = [
      [['scen', scen, '--algo', 'hpa', '--bogus'], 'unknown option --bogus'],
      [['scen', scen, '--algo', 'hpa', '--cluster'], 'option --cluster needs a value'],
      [['scen', scen, '--algo', 'astar', '--cluster'], 'unknown option --cluster'],
      [['gen3d', '--size', '8x8x2', '--kind'], 'option --kind needs a value'],
    ];
    for (const [args, message] of cases) {
      const a = native(...args);
      const b = wasm(...args);
      expect([a.status, a.stderr], args.join(' ')).toEqual([2, `hpa: ${message}\n(hpa --help for usage)\n`]);
      expect([b.status, b.stderr], args.join(' ')).toEqual([2, asWasm(a.stderr)]);
    }
  });

  test('--costs takes one decimal multiplier per terrain kind, as the TypeScript API does, by both tools', () => {
    const scen = path.join(maps, 'arena.map.scen');
    const twice = (item: string, kind: string) => `'${item}': ${kind} is given twice (each kind takes one multiplier; '.' and 'G' name one kind, as '@' and 'O' do)`;
    const cases: [string, string][] = [
      ['.=2,G=3', twice('G=3', 'ground')],
      ['S=3,S=4', twice('S=4', 'swamp')],
      ['S=0x10', "'S=0x10': '0x10' is not a number"],
      ['S=inf', "'S=inf': 'inf' is not a number"],
    ];
    for (const [costs, message] of cases) {
      const a = native('scen', scen, '--algo', 'hpa', '--costs', costs);
      const b = wasm('scen', scen, '--algo', 'hpa', '--costs', costs);
      expect([a.status, a.stderr], costs).toEqual([2, `hpa: --costs: ${message}\n(hpa --help for usage)\n`]);
      expect([b.status, b.stderr.split('\n')[0]], costs).toEqual([2, asWasm(a.stderr).split('\n')[0]]);
    }
    expect(native('scen', scen, '--algo', 'hpa', '--costs', 'S=3,W=1.5e1,T=.5').status).toBe(0);
  });

  test('tabs and spaces separate every header line alike, "type" included', () => {
    const file = path.join(tmp, 'tabs.map');
    writeFileSync(file, 'type\toctile\nheight\t2\nwidth 3\nmap\n...\n...\n');
    const a = native('stats', file, '--algo', 'astar');
    expect([a.status, a.stderr]).toEqual([0, '']);
    const b = wasm('build', file, '-o', path.join(tmp, 'tabs.hpa'));
    expect([b.status, b.stderr]).toEqual([0, '']);
  });

  test('a grid above the cell limit is refused at its header', () => {
    const file = path.join(tmp, 'huge.map');
    writeFileSync(file, 'type octile\nheight 8192\nwidth 8192\nmap\n');
    const message = `${file}:4: grid size 8192x8192 has 67108864 cells, more than the 16777216 allowed\n`;
    const a = native('stats', file);
    const b = wasm('build', file, '-o', path.join(tmp, 'huge.hpa'));
    expect([a.status, a.stderr]).toEqual([1, `hpa: ${message}`]);
    expect([b.status, b.stderr]).toEqual([1, `hpastar: ${message}`]);
  });

  test('a build above the memory budget is refused with the estimate and the budget, by both tools', () => {
    const map = path.join(maps, 'den520d.map');
    const a = native('stats', map, '--algo', 'dhpa', '--memory-budget', '1');
    const b = wasm('build', map, '-o', path.join(tmp, 'den.hpa'), '--algo', 'dhpa', '--memory-budget', '1');
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(/^hpa: the hierarchy would need about 1\.\d MiB \(estimate: .*\), more than the memory budget of 1 MiB/);
    // The same message; the figures differ a little (wasm's pointers are half as wide).
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/^hpastar: the hierarchy would need about 1\.\d MiB \(estimate: .*\), more than the memory budget of 1 MiB: .*\n\(hpastar --help for usage\)\n$/);
    const fits = native('stats', map, '--algo', 'dhpa', '--memory-budget', '2');
    expect(fits.status).toBe(0);
    const [o] = json(fits) as [{ bytes: number; estimated_bytes: number }];
    expect(o.estimated_bytes).toBeGreaterThanOrEqual(o.bytes);
  });

  test('dynamic on a map without a passable cell ends with an error, and with every cell covered runs no search', () => {
    const blocked = writeMap('blocked.map', Array(8).fill('@@@@@@@@'));
    const r = native('dynamic', blocked, '--algo', 'hpa', '--searches', '5');
    expect([r.status, r.signal, r.stderr]).toEqual([1, null, `hpa: ${blocked}: the map has no passable cell\n`]);
    // One 2x2 room in a 20x20 rock: 2 % of 400 cells is two 2x2 obstacles, both on the room.
    const rows = Array(20).fill('@'.repeat(20));
    rows[5] = rows[6] = `${'@'.repeat(5)}..${'@'.repeat(13)}`;
    const room = writeMap('room.map', rows);
    const covered = native('dynamic', room, '--algo', 'dhpa', '--searches', '5', '--changes', '3');
    expect([covered.status, covered.signal, covered.stderr]).toEqual([0, null, '']);
    expect(json(covered)[0]).toMatchObject({ searched: 0, found: 0, invalid: 0 });
  });
});

/** Octile distance: exact on maps without obstacles. */
const octile = (dx: number, dy: number) => Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * Math.SQRT2;

/** Every ordered pair of open cells (start == goal included), as a .scen file beside the map. */
function writeAllPairs(mapFile: string, rows: string[]): number {
  const open: [number, number][] = [];
  rows.forEach((r, y) => [...r].forEach((c, x) => c === '.' && open.push([x, y])));
  const lines = open.flatMap(([sx, sy]) => open.map(([gx, gy]) =>
    `0\t${path.basename(mapFile)}\t${rows[0]!.length}\t${rows.length}\t${sx}\t${sy}\t${gx}\t${gy}\t${octile(Math.abs(gx - sx), Math.abs(gy - sy))}`));
  writeFileSync(`${mapFile}.scen`, `version 1\n${lines.join('\n')}\n`);
  return lines.length;
}

describe('degenerate maps through every command of both tools', () => {
  const oneCell = Array(9).fill('@@@@@@@@@');
  oneCell[4] = '@@@@@@@.@';
  const open: [string, string[]][] = [
    ['1x1.map', ['.']],
    ['row.map', ['.'.repeat(37)]],
    ['column.map', Array(37).fill('.')],
    ['one-open-cell.map', oneCell],
    ['3x3.map', ['...', '...', '...']],
  ];
  const planners: string[][] = [
    ['--algo', 'astar'],
    ['--algo', 'hpa'],
    ['--algo', 'hpa', '--cluster', '2', '--levels', '3', '--no-smooth'],
    ['--algo', 'hpa', '--cluster', '2', '--levels', '2', '--cache-paths', '--landmarks', '4'],
    ['--algo', 'dhpa', '--cluster', '3', '--distance-table', '--landmarks', '2'],
    ['--algo', 'shpa'],
  ];

  test.each(open)('%s: scen with every planner, both tools: every pair found, optimal or valid', (name, rows) => {
    const map = writeMap(name, rows);
    const pairs = writeAllPairs(map, rows);
    for (const planner of planners) {
      const a = native('scen', `${map}.scen`, ...planner);
      // The package's tool on fewer planners (each run loads the module): A*, HPA* with 3 levels, DHPA*, SHPA*.
      const runs = [a, ...(planner.includes('--landmarks') && planner[1] === 'hpa' || planner.length === 2 && planner[1] === 'hpa' ? [] : [wasm('scen', `${map}.scen`, ...planner)])];
      for (const r of runs) {
        // A run killed at the time limit shows how far it got (its summary printed or not).
        expect([r.status, r.signal, r.stderr], `${planner.join(' ')}; stdout ends: ${r.stdout.slice(-200)}`).toEqual([0, null, '']);
        expect(json(r).at(-1), planner.join(' ')).toMatchObject({ queries: pairs, found: pairs, unsolved: 0, invalid: 0 });
      }
      if (planner[1] === 'astar') expect(json(a).at(-1)!.max_subopt).toBeLessThan(1e-9);
    }
  });

  test.each(open)('%s: stats, compare, dynamic, update-bench and build answer', (name, rows) => {
    const map = writeMap(name, rows);
    for (const algo of ['hpa', 'dhpa']) {
      const stats = native('stats', map, '--algo', algo, '--cluster', '2', '--levels', '3');
      expect([stats.status, stats.stderr]).toEqual([0, '']);
      const compare = native('compare', map, '--algo', algo, '--against', 'astar', '--queries', '40', '--cluster', '2');
      expect([compare.status, compare.stderr]).toEqual([0, '']);
      expect(json(compare)[0]).toMatchObject({ completeness_mismatches: 0, invalid: 0 });
      const dynamic = native('dynamic', map, '--algo', algo, '--searches', '5', '--changes', '2', '--obstacle-share', '0');
      expect([dynamic.status, dynamic.signal, dynamic.stderr]).toEqual([0, null, '']);
      expect(json(dynamic)[0]).toMatchObject({ searched: 10, found: 10, invalid: 0 });
      const update = native('update-bench', map, '--algo', algo, '--updates', '5', '--cluster', '2');
      expect([update.status, update.stderr]).toEqual([0, '']);
      const build = wasm('build', map, '-o', path.join(tmp, `${name}.hpa`), '--algo', algo, '--cluster', '2', '--levels', '3');
      expect([build.status, build.stderr]).toEqual([0, '']);
    }
    const shpa = native('compare', map, '--algo', 'shpa', '--against', 'astar', '--queries', '40');
    expect([shpa.status, shpa.stderr]).toEqual([0, '']);
  });

  test('a map without a passable cell: stats and build answer, the commands that need a cell say so', () => {
    const map = writeMap('all-blocked.map', Array(8).fill('@@@@@@@@'));
    expect(native('stats', map, '--algo', 'dhpa', '--cluster', '2', '--levels', '3').status).toBe(0);
    expect(native('stats', map, '--algo', 'shpa').status).toBe(0);
    expect(wasm('build', map, '-o', path.join(tmp, 'blocked.hpa')).status).toBe(0);
    for (const command of ['compare', 'dynamic', 'update-bench']) {
      const r = native(command, map, '--algo', 'hpa');
      expect([r.status, r.signal, r.stderr], command).toEqual([1, null, `hpa: ${map}: the map has no passable cell\n`]);
    }
    writeFileSync(`${map}.scen`, 'version 1\n0\tall-blocked.map\t8\t8\t0\t0\t1\t1\t1.41421356\n');
    const a = native('scen', `${map}.scen`, '--algo', 'hpa');
    const b = wasm('scen', `${map}.scen`, '--algo', 'hpa');
    expect([a.status, a.stderr]).toEqual([1, `hpa: ${map}.scen:2: start (0, 0) is on blocked terrain\n`]);
    expect([b.status, b.stderr]).toEqual([1, asWasm(a.stderr)]);
  });
});
