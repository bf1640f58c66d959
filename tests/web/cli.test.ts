// The package's `hpastar` command (web/lib/cli) against the native `hpa` tool: the same summary line
// (queries, found, unsolved, invalid, suboptimality, expansions; only times differ) on the same
// scenario files, the same per-query lines, offline builds loaded back, and the same exit statuses.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { costRegions } from './helpers/costRegions';
import { ALGORITHMS } from '../../web/lib/generated/contract';

const root = fileURLToPath(new URL('../../', import.meta.url));
const hpaTool = path.join(root, 'build/native/hpa');
const cli = path.join(root, 'web/lib/cli/hpastar.ts');
const hooks = path.join(root, 'scripts/register-ts.mjs');
const maps = path.join(root, 'maps');
const tmp = mkdtempSync(path.join(tmpdir(), 'hpastar-cli-'));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  status: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

function run(command: string, args: string[]): Run {
  const r = spawnSync(command, args, { encoding: 'utf8', cwd: root, maxBuffer: 1 << 28, timeout: 300_000 });
  if (r.error) throw r.error;
  const lines = r.stdout.trim() === '' ? [] : r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: r.status, lines, stderr: r.stderr };
}

const wasm = (...args: string[]) => run(process.execPath, ['--import', hooks, cli, ...args]);
const native = (...args: string[]) => run(hpaTool, args);

/** The summary fields that do not depend on time: they must be equal, number for number. */
const SAME = ['algo', 'map', 'queries', 'found', 'unsolved', 'invalid', 'mean_subopt', 'max_subopt', 'max_rel_err', 'expanded_mean', 'optimal_from'];
const KEYS = [...SAME.slice(0, 9), 'build_ms', 'query_us_total', 'query_us_mean', 'expanded_mean', 'optimal_from'];

const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

describe('hpastar scen prints the native tool\'s summary', () => {
  test('the native tool is built', () => {
    expect(existsSync(hpaTool), `${hpaTool} is missing: run npm run build:native`).toBe(true);
  });

  const cases: [string, string[]][] = [
    ['den520d.map.scen', ['--algo', 'astar']],
    ['den520d.map.scen', ['--algo', 'jps']],
    ['AR0011SR.map.scen', ['--algo', 'jpsplus', '--min-bucket', '150']],
    ['den520d.map.scen', ['--algo', 'hpa']],
    ['den520d.map.scen', ['--algo', 'dhpa', '--cluster', '16', '--levels', '2']],
    ['den520d.map.scen', ['--algo', 'shpa']],
    ['arena.map.scen', ['--algo', 'hpa', '--cluster', '8', '--levels', '3', '--no-smooth', '--no-prune']],
    ['AR0011SR.map.scen', ['--algo', 'hpa', '--cluster', '16', '--levels', '2', '--cache-paths', '--min-bucket', '60']],
    ['8room_000.map.scen', ['--algo', 'shpa', '--shpa-max-detour', '1.25', '--shpa-edge-weight', 'octile', '--limit', '700']],
    ['brc202d.map.scen', ['--algo', 'dhpa', '--group', '3', '--levels', '2', '--min-bucket', '200']],
    ['AR0011SR.map.scen', ['--algo', 'dhpa', '--cluster', '25', '--distance-table', '--min-bucket', '190']],
    ['den520d.map.scen', ['--algo', 'auto', '--min-bucket', '60']],
    ['arena.map.scen', ['--algo', 'auto', '--terrain-changes', 'rarely']],
    ['den520d.map.scen', ['--algo', 'auto', '--cluster', '16', '--terrain-changes', 'rarely', '--min-bucket', '80']],
  ];

  test.each(cases)('%s %j', (scen, args) => {
    const a = wasm('scen', path.join(maps, scen), ...args);
    const b = native('scen', path.join(maps, scen), ...args);
    expect(a.stderr).toBe('');
    expect([a.status, b.status]).toEqual([0, 0]);
    expect(a.lines).toHaveLength(1);
    const [mine] = a.lines as [Record<string, unknown>];
    const [theirs] = b.lines as [Record<string, unknown>];
    // HPA* planners print the options they were built with after the map (auto: the ones chosen).
    const hierarchical = ['hpa', 'dhpa', 'auto'].includes(args[1]!);
    const keys = hierarchical ? [...KEYS.slice(0, 2), 'options', ...KEYS.slice(2)] : KEYS;
    expect(Object.keys(mine)).toEqual(keys);
    expect(Object.keys(theirs)).toEqual(keys);
    expect(pick(mine, [...SAME, 'options'])).toEqual(pick(theirs, [...SAME, 'options']));
    expect(mine.found).toBe(mine.queries);
    expect(mine.query_us_mean).toBeGreaterThan(0);
  });

  test('per-query lines equal the native ones but for the time (after an untimed --warmup pass)', () => {
    const args = ['scen', path.join(maps, 'arena.map.scen'), '--algo', 'dhpa', '--cluster', '6', '--per-query'];
    const a = wasm(...args, '--warmup', '1');
    const b = native(...args);
    expect(a.lines).toHaveLength(161);
    expect(a.lines.length).toBe(b.lines.length);
    const withoutTime = (l: Record<string, unknown>) => {
      const { us: _us, query_us_total: _t, query_us_mean: _m, build_ms: _b, ...rest } = l;
      return rest;
    };
    expect(a.lines.map(withoutTime)).toEqual(b.lines.map(withoutTime));
  });

  test('build writes a hierarchy that scen --hierarchy loads, with the native answers', () => {
    const file = path.join(tmp, 'den520d.hpa');
    const built = wasm('build', path.join(maps, 'den520d.map'), '-o', file, '--algo', 'dhpa', '--cluster', '12', '--levels', '2');
    expect(built.status).toBe(0);
    expect(built.lines[0]).toMatchObject({ algo: 'dhpa', map: 'den520d.map', out: file, levels: 2 });
    expect(existsSync(file)).toBe(true);
    const a = wasm('scen', path.join(maps, 'den520d.map.scen'), '--algo', 'dhpa', '--hierarchy', file);
    const b = native('scen', path.join(maps, 'den520d.map.scen'), '--algo', 'dhpa', '--cluster', '12', '--levels', '2');
    expect(a.status).toBe(0);
    expect(pick(a.lines[0]!, SAME)).toEqual(pick(b.lines[0]!, SAME));
    // The wrong planner, or another map, is refused.
    const wrong = wasm('scen', path.join(maps, 'den520d.map.scen'), '--algo', 'hpa', '--hierarchy', file);
    expect([wrong.status, wrong.stderr.trim()]).toEqual([1, `hpastar: ${file}: the hierarchy was built for dhpa, not hpa`]);
    const other = wasm('scen', path.join(maps, 'arena.map.scen'), '--algo', 'dhpa', '--hierarchy', file);
    expect(other.status).toBe(1);
    expect(other.stderr).toMatch(/the hierarchy is of another map \(256x257\), not of arena\.map/);
    writeFileSync(path.join(tmp, 'junk.hpa'), 'not a hierarchy');
    const junk = wasm('scen', path.join(maps, 'den520d.map.scen'), '--algo', 'hpa', '--hierarchy', path.join(tmp, 'junk.hpa'));
    expect(junk.status).toBe(1);
    expect(junk.stderr).toMatch(/junk\.hpa: HPAStar\.load: /);
  });

  test('unsolved scenarios: exit status 3, as natively', () => {
    const map = path.join(tmp, 'split.map');
    writeFileSync(map, 'type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n');
    writeFileSync(`${map}.scen`, 'version 1\n0\tsplit.map\t5\t3\t0\t0\t1\t2\t2.41421356\n0\tsplit.map\t5\t3\t0\t0\t4\t2\t5\n');
    for (const algo of ['astar', 'hpa', 'shpa']) {
      const a = wasm('scen', `${map}.scen`, '--algo', algo, '--limit', '5');
      const b = native('scen', `${map}.scen`, '--algo', algo, '--limit', '5');
      expect([a.status, b.status]).toEqual([3, 3]);
      expect(pick(a.lines[0]!, SAME)).toEqual(pick(b.lines[0]!, SAME));
      expect(a.lines[0]).toMatchObject({ queries: 2, found: 1, unsolved: 1, invalid: 0 });
    }
  });

  test('a bad scenario file: exit status 1 and the native tool\'s message, naming the file, the line and the value', () => {
    const map = path.join(tmp, 'small.map');
    writeFileSync(map, 'type octile\nheight 3\nwidth 5\nmap\n.....\n..@..\n.....\n');
    const files: [string, string][] = [
      ['version 1\n0\tsmall.map\t5\t3\t0\t0\tfour\t2\t4\n', ':2: goal x "four" is not an integer'],
      ['version 1\n\n0\tsmall.map\t5\t3\t0\t0\t2\t1\t4\n', ':3: goal (2, 1) is on blocked terrain'],
      ['version 1\n0\tsmall.map\t5\t3\t0\t0\t4\t2\t4\t1\n', ':2: more than 9 fields'],
      ['version 1\n0\tsmall.map\t6\t3\t0\t0\t4\t2\t4\n', ':2: scenario map size 6x3 differs from the map\'s 5x3 (scaled scenarios are not supported)'],
    ];
    files.forEach(([text, where], i) => {
      const scen = path.join(tmp, `bad${i}.scen`);
      writeFileSync(scen, text);
      const a = wasm('scen', scen, '--map', map);
      const b = native('scen', scen, '--map', map);
      expect([a.status, b.status]).toEqual([1, 1]);
      expect(a.stderr).toBe(`hpastar: ${scen}${where}\n`);
      expect(a.stderr).toBe(b.stderr.replace(/^hpa: /, 'hpastar: '));
    });
  });

  test('planner options from the core\'s tables: the native tool\'s range and type messages, and its help lines', () => {
    const scen = path.join(maps, 'arena.map.scen');
    const lines: string[][] = [
      ['--algo', 'hpa', '--entrance-width', '0'],
      ['--algo', 'dhpa', '--landmarks', '33'],
      ['--algo', 'hpa', '--levels', 'two'],
      ['--algo', 'shpa', '--shpa-max-detour', '2000'],
      ['--algo', 'shpa', '--shpa-max-cells', '-1'],
      ['--algo', 'shpa', '--shpa-edge-weight', 'chebyshev'],
      ['--algo', 'auto', '--terrain-changes', 'sometimes'],
      ['--algo', 'hpa', '--terrain-changes', 'rarely'],
    ];
    for (const args of lines) {
      const a = wasm('scen', scen, ...args);
      const b = native('scen', scen, ...args);
      expect([a.status, b.status], args.join(' ')).toEqual([2, 2]);
      expect(a.stderr).toBe(b.stderr.replaceAll('hpa: ', 'hpastar: ').replace('(hpa --help', '(hpastar --help'));
    }
    const help = (command: string, args: string[]) => spawnSync(command, [...args, '--help'], { encoding: 'utf8' }).stdout;
    const optionLines = (text: string) => text.split('\n').filter((l) => l.startsWith('  --') && !l.startsWith('  --no-smooth'));
    const mine = optionLines(help(process.execPath, ['--import', hooks, cli]));
    expect(mine.length).toBeGreaterThanOrEqual(13);
    // Native only (the algorithm table says which): --smoothing-range, --no-trees.
    const nativeOnly = ALGORITHMS.flatMap((a) => a.flags).filter((f) => f.native && !f.package).map((f) => `  --${f.name}`);
    expect(nativeOnly).toContain('  --smoothing-range');
    expect(mine).toEqual(optionLines(help(hpaTool, [])).filter((l) => !nativeOnly.some((o) => l.startsWith(o))));
  });

  test('aa and haa: the native summary for agents of several sizes and capabilities, every path checked for the footprint', () => {
    // arena (49 × 49, ground and trees): each run builds HAA*'s hierarchy for every capability, in
    // seconds on den520d under wasm; the small map keeps the many runs of this test cheap.
    const scen = path.join(maps, 'arena.map.scen');
    const agentKeys = ['algo', 'map', 'agent', 'queries', 'found', 'not_found', 'invalid', 'expanded_mean', 'optimal_from', 'note'];
    for (const args of [
      ['--algo', 'aa', '--size', '2', '--capability', 'ground,trees', '--limit', '80'],
      ['--algo', 'haa', '--size', '3', '--capability', 'trees,ground', '--min-bucket', '5', '--limit', '80'],
      ['--algo', 'haa', '--size', '1', '--capability', 'ground', '--abstraction', 'low', '--haa-cluster', '8', '--limit', '80'],
      ['--algo', 'haa', '--size', '2', '--capability', 'ground,trees', '--no-join-trees', '--limit', '80'],
      // The HPA* family over the grid made for the agent class: the same summary, paths checked for the square.
      ['--algo', 'hpa', '--size', '2', '--capability', 'ground,trees', '--limit', '80'],
      ['--algo', 'auto', '--size', '3', '--capability', 'trees,ground', '--limit', '80'],
    ]) {
      const a = wasm('scen', scen, ...args);
      const b = native('scen', scen, ...args);
      expect([a.status, b.status, a.stderr], args.join(' ')).toEqual([0, 0, '']);
      expect(pick(a.lines[0]!, [...agentKeys, 'options'])).toEqual(pick(b.lines[0]!, [...agentKeys, 'options']));
      expect(a.lines[0]!.invalid).toBe(0);
      expect(a.lines[0]!.found).toBeGreaterThan(60);
    }
    // The scenario agent (size 1 on ground and swamp): the file's optima, and HAA*'s suboptimality.
    const a = wasm('scen', scen, '--algo', 'haa', '--limit', '200');
    const b = native('scen', scen, '--algo', 'haa', '--limit', '200');
    expect([a.status, b.status]).toEqual([0, 0]);
    expect(pick(a.lines[0]!, [...SAME, 'options', 'agent'])).toEqual(pick(b.lines[0]!, [...SAME, 'options', 'agent']));
    // Agents the hierarchy does not serve: the native messages and status.
    for (const args of [['--algo', 'haa', '--size', '4'], ['--algo', 'haa', '--capability', 'water'], ['--algo', 'aa', '--capability', 'ground,lava']]) {
      const bad = wasm('scen', scen, ...args);
      const theirs = native('scen', scen, ...args);
      expect([bad.status, theirs.status], args.join(' ')).toEqual([2, 2]);
      expect(bad.stderr).toBe(theirs.stderr.replaceAll('hpa: ', 'hpastar: ').replace('(hpa --help', '(hpastar --help'));
    }
  });

  test('terrain costs: --costs and --cost-layer give the native summary, measured against A* on the weighted map', () => {
    const layer = path.join(tmp, 'arena.layer');
    writeFileSync(layer, costRegions(49, 49, 2));
    const scen = path.join(maps, 'arena.map.scen');
    for (const args of [
      ['--algo', 'astar', '--costs', 'S=3,.=1.5'],
      ['--algo', 'hpa', '--cluster', '8', '--costs', 'S=3,.=1.5'],
      ['--algo', 'dhpa', '--cluster', '8', '--cost-layer', layer, '--costs', 'S=0.5'],
    ]) {
      const a = wasm('scen', scen, ...args);
      const b = native('scen', scen, ...args);
      expect([a.status, b.status, a.stderr]).toEqual([0, 0, '']);
      expect(pick(a.lines[0]!, SAME)).toEqual(pick(b.lines[0]!, SAME));
      expect(a.lines[0]!.optimal_from).toBe('astar');
      if (args[1] === 'astar') expect(a.lines[0]!.max_subopt).toBe(0);
    }
    // A weighted hierarchy file brings its costs: scen measures it against A* under them.
    const file = path.join(tmp, 'arena-weighted.hpa');
    expect(wasm('build', path.join(maps, 'arena.map'), '-o', file, '--cluster', '8', '--cost-layer', layer).status).toBe(0);
    const loaded = wasm('scen', scen, '--algo', 'hpa', '--hierarchy', file);
    const built = native('scen', scen, '--algo', 'hpa', '--cluster', '8', '--cost-layer', layer);
    expect(loaded.status).toBe(0);
    expect(pick(loaded.lines[0]!, SAME)).toEqual(pick(built.lines[0]!, SAME));
    // Bad costs: the native tool's messages.
    for (const args of [['--costs', 'X=2'], ['--costs', 'S=0']]) {
      const a = wasm('scen', scen, '--algo', 'hpa', ...args);
      const b = native('scen', scen, '--algo', 'hpa', ...args);
      expect([a.status, b.status], args.join(' ')).toEqual([2, 2]);
      expect(a.stderr.split('\n')[0]!.replace(/^hpastar: /, '')).toBe(b.stderr.split('\n')[0]!.replace(/^hpa: /, ''));
    }
    const short = path.join(tmp, 'short.layer');
    writeFileSync(short, new Uint8Array(100).fill(16));
    const missing = wasm('scen', scen, '--algo', 'hpa', '--cost-layer', path.join(tmp, 'none.layer'));
    expect([missing.status, missing.stderr]).toEqual([1, `hpastar: cannot read ${path.join(tmp, 'none.layer')}: ENOENT\n`]);
    const wrongSize = wasm('scen', scen, '--algo', 'hpa', '--cost-layer', short);
    expect([wrongSize.status, wrongSize.stderr]).toEqual([1, `hpastar: ${short}: cost layer has 100 cells, expected 2401 for 49x49\n`]);
  });

  test('bad command lines exit with 2, unreadable input with 1, each with the reason', () => {
    const scen = path.join(maps, 'arena.map.scen');
    const usage: [string[], string][] = [
      [['scen', scen, '--algo', 'frob'], 'unknown algorithm "frob" (known: astar, jps, jpsplus, hpa, dhpa, auto, shpa, aa, haa)'],
      [['scen', scen, '--algo', 'hpa', '--cluster', '1'], '--cluster 1 is outside 2..1024'],
      [['scen', scen, '--algo', 'astar', '--cluster', '8'], 'unknown option --cluster'],
      [['scen', scen, '--algo', 'shpa', '--shpa-edge-weight', 'manhattan'], '--shpa-edge-weight "manhattan" is not euclidean or octile'],
      [['scen', scen, '--algo', 'shpa', '--shpa-max-cluster', '2'], 'max cluster side 2 is outside 4..1024 (it cannot be below the initial cluster size)'],
      [['scen', scen, '--warmup', '-1'], '--warmup -1 is outside 0..100'],
      [['scen'], 'scen needs exactly one FILE.map.scen'],
      [['build', path.join(maps, 'arena.map')], 'build needs -o FILE.hpa'],
      [['build', path.join(maps, 'arena.map'), '-o', path.join(tmp, 'x.hpa'), '--algo', 'shpa'], '--algo shpa: SHPA* has no serialized form (its build is fast: run scen --algo shpa directly)'],
      [['frobnicate'], 'unknown command "frobnicate"'],
    ];
    for (const [args, message] of usage) {
      const r = wasm(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`hpastar: ${message}\n(hpastar --help for usage)\n`);
    }
    const missing = wasm('scen', path.join(tmp, 'none.map.scen'));
    expect([missing.status, missing.stderr]).toEqual([1, `hpastar: cannot read ${path.join(tmp, 'none.map')}: ENOENT\n`]);
    const wrongMap = wasm('scen', scen, '--map', path.join(maps, 'den520d.map'));
    expect(wrongMap.status).toBe(1);
    expect(wrongMap.stderr).toBe(`hpastar: ${scen}:2: scenario is for map "maps/dao/arena.map", not "den520d.map"\n`);
    const help = spawnSync(process.execPath, ['--import', hooks, cli, '--help'], { encoding: 'utf8' });
    expect([help.status, help.stdout]).toEqual([0, expect.stringMatching(/^usage: hpastar <command>/)]);
  });
});

describe('block worlds: hpastar gen3d and world-compare are the native tool\'s twins', () => {
  test('gen3d writes the native file for the seed; world-compare prints the native summary on it, times apart', () => {
    const ours = path.join(tmp, 'towers-wasm.world');
    const theirs = path.join(tmp, 'towers-native.world');
    const gen = (tool: (...a: string[]) => Run, out: string) => tool('gen3d', '--size', '32x28x6', '--kind', 'towers', '--seed', '9', '-o', out);
    const [a, b] = [gen(wasm, ours), gen(native, theirs)];
    expect([a.status, b.status]).toEqual([0, 0]);
    const { generate_ms: _a, file: _fa, ...aLine } = a.lines[0]!;
    const { generate_ms: _b, file: _fb, ...bLine } = b.lines[0]!;
    expect(aLine).toEqual(bLine);
    expect(readFileSync(ours, 'utf8')).toBe(readFileSync(theirs, 'utf8'));

    const args = ['world-compare', theirs, '--queries', '150', '--seed', '4', '--cluster-side', '8', '--cluster-levels', '3', '--per-query'];
    const [w, n] = [wasm(...args), native(...args)];
    expect([w.status, n.status, w.stderr]).toEqual([0, 0, '']);
    // Times apart, and the hierarchy's bytes (it counts containers' sizes: 32-bit wasm against a 64-bit build).
    const untimed = (lines: Record<string, unknown>[]) =>
      lines.map((line) => Object.fromEntries(Object.entries(line).filter(([key]) => !/(_us|_ms|_ns|speedup|_bytes)/.test(key))));
    expect(untimed(w.lines)).toEqual(untimed(n.lines));
    const summary = w.lines.at(-1)!;
    expect([summary.queries, summary.mismatches, summary.invalid]).toEqual([150, 0, 0]);
    expect(summary.found).toBeGreaterThan(50);
    // Goals near the start: the same pairs, all answered optimally.
    const [wn, nn] = [wasm(...args, '--near'), native(...args, '--near')];
    expect(untimed(wn.lines)).toEqual(untimed(nn.lines));
    expect(wn.lines.at(-1)!.optimal_share).toBe(1);
    // Any-angle shapes: the same lengths, each shorter than (or as long as) its cell path.
    const [wa, na] = [wasm(...args, '--any-angle'), native(...args, '--any-angle')];
    expect(untimed(wa.lines)).toEqual(untimed(na.lines));
    expect(wa.lines.at(-1)!.shaped_length_ratio_mean).toBeLessThan(1);

    const bad = wasm('world-compare', theirs, '--levels', '9');
    expect([bad.status, bad.stderr]).toEqual([2, 'hpastar: --levels 9 is outside 1..6\n(hpastar --help for usage)\n']);
  });
});
