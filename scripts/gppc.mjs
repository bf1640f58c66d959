// The project as an entry of the Grid-Based Path Planning Competition (issue 41), on the competition's own
// runner and validator:
//
//   npm run gppc -- dynamic FILE.scen [--check] [--algo A] [--out DIR]
//   npm run gppc -- classic FILE.map.scen [--check] [--algo A] [--out DIR]
//
// Builds (when needed) the runner of the track over the project's core (CMake target hpastar_gppc_dynamic or
// hpastar_gppc_classic in build/native), runs it in DIR (default build/gppc/<scenario>-<algo>), and writes
// there the runner's result.csv, its -check output as check.txt (--check), and summary.json: the figures
// of the run, also printed as the last line. --algo: defaults (HPA* at the options the core picks), static
// (the same for terrain that changes rarely: the distance table), streamed (the defaults handed out one
// abstract segment a call), streamed-smooth (the same, each piece smoothed with the two segments refined
// ahead of it), jps, astar. Exit 3 when a checked run has an invalid or missed path.
//
// The kit (the competition's code, never copied into the repository): HPASTAR_GPPC_KIT, else
// ../shared/gppc beside the checkout, else /work/shared/gppc.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const ALGOS = ['defaults', 'static', 'streamed', 'streamed-smooth', 'jps', 'astar'];
const TRACKS = ['dynamic', 'classic'];

class UsageError extends Error {}

/** The kit's folder and the folders tried, in the order the CMake project looks (CMakeLists.txt). */
export function findKit() {
  const fromEnv = process.env.HPASTAR_GPPC_KIT;
  const tried = fromEnv ? [fromEnv] : [path.resolve(root, '../shared/gppc'), '/work/shared/gppc'];
  if (fromEnv === 'none') return { kit: null, tried, off: true };
  const kit = tried.find((dir) => existsSync(path.join(dir, 'dynamic/gppc/main.cpp')));
  return { kit: kit ? path.resolve(kit) : null, tried, off: false };
}

function parseArgs(argv) {
  const [track, file, ...rest] = argv;
  if (!TRACKS.includes(track) || !file)
    throw new UsageError('usage: npm run gppc -- dynamic|classic FILE [--check] [--algo A] [--out DIR]');
  const args = { track, file: path.resolve(file), check: false, algo: 'defaults', out: '' };
  for (let i = 0; i < rest.length; ++i) {
    const flag = rest[i];
    if (flag === '--check') args.check = true;
    else if (flag === '--algo' || flag === '--out') {
      if (i + 1 >= rest.length) throw new UsageError(`${flag} needs a value`);
      args[flag.slice(2)] = rest[++i];
    } else throw new UsageError(`unknown argument ${flag}`);
  }
  if (!ALGOS.includes(args.algo)) throw new UsageError(`unknown --algo ${args.algo} (known: ${ALGOS.join(', ')})`);
  if (!existsSync(args.file)) throw new UsageError(`${args.file}: no such scenario file`);
  const name = path.basename(args.file).replace(/\.scen$/, '').replace(/\.map$/, '');
  args.out = path.resolve(args.out || path.join(root, 'build/gppc', `${name}-${args.algo}`));
  return args;
}

/** The classic runner takes the map too: FILE.map beside FILE.map.scen, else the map the scenario names. */
function classicMap(scen) {
  const beside = scen.replace(/\.scen$/, '');
  if (beside !== scen && existsSync(beside)) return beside;
  const line = readFileSync(scen, 'utf8').split('\n')[1] ?? '';
  const named = path.join(path.dirname(scen), line.split('\t')[1] ?? '');
  if (!existsSync(named)) throw new UsageError(`${scen}: its map was not found (tried ${beside} and ${named})`);
  return named;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { stdio: ['ignore', 2, 'inherit'], ...options });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status})`);
}

/** A build step, quiet unless it fails (then its output goes to stderr). */
function build(args) {
  const r = spawnSync('nice', ['-n', '10', 'cmake', ...args], { encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`cmake ${args.join(' ')} failed (exit ${r.status})`);
  }
}

/** The runner's executable, built in build/native (configured first, with the kit, when the target is missing). */
function buildRunner(track, kit) {
  const buildDir = path.join(root, 'build/native');
  const target = `hpastar_gppc_${track}`;
  if (!existsSync(path.join(buildDir, 'CMakeFiles', `${target}.dir`))) {
    build(['-S', root, '-B', buildDir, '-DCMAKE_BUILD_TYPE=Release', '-DHPASTAR_UNITY=ON', `-DHPASTAR_GPPC_KIT=${kit}`]);
  }
  build(['--build', buildDir, '-j2', '--target', target]);
  return path.join(buildDir, target);
}

/** Runs the runner in `out`: result.csv, run.info, and check.txt with --check. */
function runRunner(exe, args) {
  rmSync(args.out, { recursive: true, force: true });
  mkdirSync(args.out, { recursive: true });
  const files = args.track === 'classic' ? [classicMap(args.file), args.file] : [args.file];
  const stdout = openSync(path.join(args.out, args.check ? 'check.txt' : 'run.stdout'), 'w');
  const env = { ...process.env, HPASTAR_GPPC_ALGO: args.algo, HPASTAR_GPPC_STATS: path.join(args.out, 'entry.json') };
  try {
    run(exe, [args.check ? '-check' : '-run', ...files], { cwd: args.out, env, stdio: ['ignore', stdout, 'inherit'] });
  } finally {
    closeSync(stdout);
  }
  if (!existsSync(path.join(args.out, 'result.csv'))) throw new Error(`${exe} wrote no result.csv in ${args.out}`);
}

/** result.csv's rows as numbers, by column name. The first columns are file paths: read from the right. */
export function readResultCsv(file) {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    const row = {};
    names.forEach((name, i) => {
      const fromEnd = names.length - i;
      row[name] = Number(cells[cells.length - fromEnd]);
    });
    return row;
  });
}

/** Queries the validator refused: dynamic `final` lines other than complete or empty-path; classic `invalid-N`. */
export function countInvalid(checkText, track) {
  const lines = checkText.split('\n').filter((l) => l.trim() !== '');
  if (track === 'dynamic') {
    const finals = lines.filter((l) => l.startsWith('final '));
    return { checked: finals.length, invalid: finals.filter((l) => !/^final (complete|empty-path) /.test(l)).length };
  }
  return { checked: lines.length, invalid: lines.filter((l) => l.split(' ')[4] !== 'valid').length };
}

/**
 * Whether each query of the scenario file has a path. Dynamic: an optimal cost of -1 says none. Classic:
 * its files give 0 for "none" (rmtst01 has two such queries), so 0 means a path only when start is goal.
 */
export function pathExists(scenFile, track, rows) {
  if (track === 'dynamic') return rows.map((r) => r.ref_length >= 0);
  const lines = readFileSync(scenFile, 'utf8').split('\n').slice(1).filter((l) => l.trim() !== '');
  return rows.map((r, i) => {
    const [, , , , sx, sy, gx, gy] = (lines[i] ?? '').split(/\s+/);
    return r.ref_length > 0 || (sx === gx && sy === gy);
  });
}

/**
 * The figures of a run from result.csv (times in ns there, µs here). A path is found when it has points;
 * missed: none found where the scenario has one (`exists`); one found where there is none counts as invalid.
 * Suboptimality (length - optimal) / optimal over the paths found, as `hpa scen` reports it.
 */
export function summarize(rows, exists) {
  const us = (ns) => ns / 1000;
  let found = 0, missed = 0, unexpected = 0, subSum = 0, subMax = 0, subCount = 0;
  let time = 0, first20 = 0, longest = 0, change = 0, changes = 0;
  rows.forEach((r, i) => {
    const has = r.path_size > 0 && r.path_length >= 0;
    if (has) ++found;
    if (exists[i] && !has) ++missed;
    if (!exists[i] && has) ++unexpected;
    if (has && exists[i]) {
      const sub = r.ref_length > 0 ? (r.path_length - r.ref_length) / r.ref_length : r.path_length > 0 ? 1 : 0;
      subSum += sub;
      subMax = Math.max(subMax, sub);
      ++subCount;
    }
    time += r.time_cost;
    first20 += r['20steps_cost'];
    longest = Math.max(longest, r.max_step_time);
    const snapshot = r.snapshot_time ?? 0;
    change += snapshot;
    if (snapshot > 0) ++changes;
  });
  const n = Math.max(rows.length, 1);
  return {
    queries: rows.length,
    found,
    missed,
    unexpected,
    mean_subopt: subCount ? subSum / subCount : 0,
    max_subopt: subMax,
    query_us_mean: us(time / n),
    first20_us_mean: us(first20 / n),
    max_call_us: us(longest),
    change_us_mean: us(change / n),
    search_us_mean: us((time - change) / n),
    changes,
    change_us_per_change: changes ? us(change / changes) : 0,
  };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const { kit, tried, off } = findKit();
  if (!kit) {
    throw new UsageError(off ? 'HPASTAR_GPPC_KIT=none: the GPPC entry is off'
      : `the GPPC kit was not found (tried ${tried.join(', ')}); set HPASTAR_GPPC_KIT to its folder`);
  }
  const exe = buildRunner(args.track, kit);
  runRunner(exe, args);
  const rows = readResultCsv(path.join(args.out, 'result.csv'));
  const figures = summarize(rows, pathExists(args.file, args.track, rows));
  let invalid = null;
  if (args.check) {
    const check = countInvalid(readFileSync(path.join(args.out, 'check.txt'), 'utf8'), args.track);
    if (check.checked !== figures.queries)
      throw new Error(`check.txt judges ${check.checked} queries, result.csv has ${figures.queries}`);
    invalid = check.invalid + figures.unexpected;
  }
  const info = path.join(args.out, 'run.info');
  const init = existsSync(info) ? /search_init (\d+)/.exec(readFileSync(info, 'utf8')) : null;
  const entry = path.join(args.out, 'entry.json');
  const summary = {
    track: args.track,
    scenario: path.basename(args.file),
    algo: args.algo,
    checked: args.check,
    ...figures,
    invalid,
    init_ms: init ? Number(init[1]) / 1e6 : null,
    entry: existsSync(entry) ? JSON.parse(readFileSync(entry, 'utf8')) : null,
  };
  writeFileSync(path.join(args.out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  console.log(JSON.stringify(summary));
  return args.check && (invalid > 0 || figures.missed > 0) ? 3 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main();
  } catch (e) {
    console.error(`gppc: ${e instanceof Error ? e.message : e}`);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  }
}
