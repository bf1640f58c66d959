// Before/after figures of the dynamic track's changes (issue 41, item 2, bench/results/gppc-changes.md):
// the runner of this checkout and the runner of another (the baseline, e.g. a worktree of main) on the
// same scenario, in one run. Each side runs once with -check (the validator's verdict), then --runs times
// without it, the two sides taking turns so that the machine's load falls on both; as bench/gppc-bench.mjs,
// each query keeps its fastest of the runs per time column.
//
//   node bench/gppc-changes.mjs --base ../wt-base [--runs 5] [--algo defaults] [--scen FILE.scen]
//
// Both checkouts must have built build/native/hpastar_gppc_dynamic (npm run gppc builds it). Prints a
// markdown table, then each side's summary line as JSON (the entry's own change figures: the first
// timed run's).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countInvalid, findKit, pathExists, readResultCsv, summarize } from '../scripts/gppc.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '5'));
const algo = option('--algo', 'defaults');
const base = option('--base', '');
const { kit } = findKit();
const scen = path.resolve(option('--scen', kit ? path.join(kit, 'dynamic/data/dao_arena2.scen') : ''));
if (!base || !existsSync(scen)) {
  console.error('usage: node bench/gppc-changes.mjs --base CHECKOUT [--runs 5] [--algo defaults] [--scen FILE.scen]');
  process.exit(2);
}
const sides = [
  { name: 'before', exe: path.resolve(base, 'build/native/hpastar_gppc_dynamic'), timed: [] },
  { name: 'after', exe: path.join(root, 'build/native/hpastar_gppc_dynamic'), timed: [] },
];
for (const side of sides) if (!existsSync(side.exe)) throw new Error(`${side.exe} is missing: build it first`);

/** One run of a side's runner in its own folder: the rows of result.csv, the entry's figures, check.txt. */
function runOnce(side, tag, check) {
  const out = path.join(root, 'build/gppc/changes', `${side.name}-${algo}-${tag}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const env = { ...process.env, HPASTAR_GPPC_ALGO: algo, HPASTAR_GPPC_STATS: path.join(out, 'entry.json') };
  const r = spawnSync(side.exe, [check ? '-check' : '-run', scen], { cwd: out, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${side.exe} failed (exit ${r.status}): ${r.stderr}`);
  const rows = readResultCsv(path.join(out, 'result.csv'));
  const entryFile = path.join(out, 'entry.json');
  return { rows, entry: existsSync(entryFile) ? JSON.parse(readFileSync(entryFile, 'utf8')) : null, check: r.stdout };
}

const TIMES = ['time_cost', '20steps_cost', 'max_step_time', 'snapshot_time'];
function fastest(runsRows) {
  return runsRows[0].map((row, i) => {
    const best = { ...row };
    for (const column of TIMES) if (column in row) best[column] = Math.min(...runsRows.map((rows) => rows[i][column]));
    return best;
  });
}

for (const side of sides) {
  const checked = runOnce(side, 'check', true);
  const rows = checked.rows;
  side.invalid = countInvalid(checked.check, 'dynamic').invalid + summarize(rows, pathExists(scen, 'dynamic', rows)).unexpected;
}
for (let run = 0; run < runs; ++run) for (const side of sides) side.timed.push(runOnce(side, String(run), false));

const lines = sides.map((side) => {
  const best = fastest(side.timed.map((t) => t.rows));
  return { side: side.name, algo, ...summarize(best, pathExists(scen, 'dynamic', best)), invalid: side.invalid, runs, entry: side.timed[0].entry };
});
const pct = (x) => `${(100 * x).toFixed(2)}%`;
const us = (x) => x.toFixed(1);
console.log(`\n${path.basename(scen)}, --algo ${algo}, ${lines[0].queries} queries, each query's fastest of ${runs} runs\n`);
console.log('| core | invalid | missed | mean subopt | max subopt | µs/query | change µs/query | µs/change | search µs/query | first 20 steps µs | longest call µs | trees run / kept |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const l of lines) {
  const trees = l.entry && 'trees_run' in l.entry ? `${l.entry.trees_run} / ${l.entry.trees_kept}` : 'n/a';
  console.log(`| ${l.side} | ${l.invalid} | ${l.missed} | ${pct(l.mean_subopt)} | ${pct(l.max_subopt)} | ${us(l.query_us_mean)} | ` +
    `${us(l.change_us_mean)} | ${us(l.change_us_per_change)} | ${us(l.search_us_mean)} | ${us(l.first20_us_mean)} | ${us(l.max_call_us)} | ${trees} |`);
}
console.log('');
for (const l of lines) console.log(JSON.stringify(l));
