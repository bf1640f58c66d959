// The figures of bench/results/gppc.md: every planner of the GPPC entry (scripts/gppc.mjs) on the kit's
// sample sets, on the competition's runner. Each configuration runs once with --check (the validator's
// verdict: invalid and missed paths) and then --runs times without it (the validator's output between
// queries would be timed with them); the timed run kept is the one with the median time per query.
//
//   node bench/gppc-bench.mjs [--runs 3] [--kit DIR]
//
// Prints a markdown table per track, then each kept summary line (summary.json) as JSON.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findKit } from '../scripts/gppc.mjs';

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

const SETS = [
  { track: 'dynamic', scen: path.join(kit, 'dynamic/data/dao_arena2.scen'), algos: ['defaults', 'static', 'streamed', 'jps', 'astar'] },
  { track: 'classic', scen: path.join(kit, 'classic/data/rmtst01.map.scen'), algos: ['defaults', 'static', 'jps', 'astar'] },
];

function gppc(track, scen, algo, check) {
  const out = path.join(root, 'build/gppc/bench', `${track}-${algo}${check ? '-check' : ''}`);
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/gppc.mjs'), track, scen, '--algo', algo, '--out', out, ...(check ? ['--check'] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0 && r.status !== 3) throw new Error(`gppc ${track} ${algo} failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const pct = (x) => `${(100 * x).toFixed(2)}%`;
const us = (x) => x.toFixed(1);
const lines = [];
for (const set of SETS) {
  const rows = [];
  for (const algo of set.algos) {
    const checked = gppc(set.track, set.scen, algo, true);
    const timed = Array.from({ length: runs }, () => gppc(set.track, set.scen, algo, false));
    timed.sort((a, b) => a.query_us_mean - b.query_us_mean);
    const kept = { ...timed[Math.floor(timed.length / 2)], invalid: checked.invalid, missed: checked.missed };
    rows.push(kept);
    lines.push(JSON.stringify(kept));
  }
  const jps = rows.find((r) => r.algo === 'jps');
  console.log(`\n${set.track}: ${path.basename(set.scen)}, ${rows[0].queries} queries\n`);
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
