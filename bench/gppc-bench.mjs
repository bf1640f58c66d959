// The figures of bench/results/gppc.md: every planner of the GPPC entry (scripts/gppc.mjs) on the kit's
// sample sets, on the competition's runner. Each configuration runs once with --check (the validator's
// verdict: invalid and missed paths), then --runs times without it (the validator's output between
// queries would be timed with them), the configurations taking turns so that a change of the machine's
// load falls on all of them. As `hpa scen --passes N`, each query keeps its fastest of the runs (each time
// column of result.csv on its own: the query's time, its first 20 steps, its longest call, the change
// before it); the figures are those of these fastest times.
//
//   node bench/gppc-bench.mjs [--runs 3] [--kit DIR] [--maps DIR] [--only-maps]
//
// --maps DIR adds the classic track on every map of DIR that has its scenarios (DIR/NAME.map.scen), e.g.
// the project's maps/; --only-maps leaves the kit's sample sets out.
//
// Prints a markdown table per track, then each configuration's summary line as JSON.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findKit, pathExists, readResultCsv, summarize } from '../scripts/gppc.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '3'));
if (option('--kit', '')) process.env.HPASTAR_GPPC_KIT = option('--kit', '');
const { kit, tried } = findKit();
if (!kit) {
  console.error(`gppc-bench: the GPPC kit was not found (tried ${tried.join(', ')})`);
  process.exit(2);
}

const CLASSIC_ALGOS = ['defaults', 'static', 'jps', 'astar'];
const mapsDir = option('--maps', '');
const SETS = [
  ...(args.includes('--only-maps')
    ? []
    : [
        { track: 'dynamic', scen: path.join(kit, 'dynamic/data/dao_arena2.scen'), algos: ['defaults', 'static', 'streamed', 'streamed-smooth', 'jps', 'astar'] },
        { track: 'classic', scen: path.join(kit, 'classic/data/rmtst01.map.scen'), algos: CLASSIC_ALGOS },
      ]),
  ...(mapsDir
    ? readdirSync(mapsDir)
        .filter((f) => f.endsWith('.map.scen'))
        .sort()
        .map((f) => ({ track: 'classic', scen: path.resolve(mapsDir, f), algos: CLASSIC_ALGOS }))
    : []),
];

function gppc(track, scen, algo, run) {
  const out = path.join(root, 'build/gppc/bench', `${track}-${path.basename(scen)}-${algo}-${run}`);
  const check = run === 'check';
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/gppc.mjs'), track, scen, '--algo', algo, '--out', out, ...(check ? ['--check'] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0 && r.status !== 3) throw new Error(`gppc ${track} ${algo} failed (exit ${r.status})`);
  return { summary: JSON.parse(r.stdout.trim().split('\n').pop()), rows: readResultCsv(path.join(out, 'result.csv')) };
}

const TIMES = ['time_cost', '20steps_cost', 'max_step_time', 'snapshot_time'];
/** Each query's fastest of the runs, per time column. */
function fastest(runsRows) {
  return runsRows[0].map((row, i) => {
    const best = { ...row };
    for (const column of TIMES)
      if (column in row) best[column] = Math.min(...runsRows.map((rows) => rows[i][column]));
    return best;
  });
}

const configs = SETS.flatMap((set) => set.algos.map((algo) => ({ ...set, algo, checked: null, timed: [] })));
for (const c of configs) c.checked = gppc(c.track, c.scen, c.algo, 'check').summary;
for (let run = 0; run < runs; ++run) for (const c of configs) c.timed.push(gppc(c.track, c.scen, c.algo, run));

const pct = (x) => `${(100 * x).toFixed(2)}%`;
const us = (x) => x.toFixed(1);
const lines = [];
for (const set of SETS) {
  const rows = configs.filter((c) => c.scen === set.scen).map((c) => {
    const best = fastest(c.timed.map((t) => t.rows));
    const figures = summarize(best, pathExists(c.scen, c.track, best));
    const first = c.timed[0].summary;
    // Validity is the checked run's; the entry's change figures (entry) are those of the first timed run.
    const line = { ...first, ...figures, checked: true, runs, invalid: c.checked.invalid, missed: c.checked.missed };
    lines.push(JSON.stringify(line));
    return line;
  });
  const jps = rows.find((r) => r.algo === 'jps');
  console.log(`\n${set.track}: ${path.basename(set.scen)}, ${rows[0].queries} queries, each query's fastest of ${runs} runs\n`);
  console.log('| algo | invalid | missed | mean subopt | max subopt | µs/query | vs JPS | change µs/query | search µs/query | first 20 steps µs | longest call µs |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const speed = jps ? `${(jps.query_us_mean / r.query_us_mean).toFixed(2)}×` : '';
    console.log(`| ${r.algo} | ${r.invalid} | ${r.missed} | ${pct(r.mean_subopt)} | ${pct(r.max_subopt)} | ${us(r.query_us_mean)} | ${speed} | ` +
      `${us(r.change_us_mean)} | ${us(r.search_us_mean)} | ${us(r.first20_us_mean)} | ${us(r.max_call_us)} |`);
  }
}
console.log('');
for (const line of lines) console.log(line);
