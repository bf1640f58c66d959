// Two checkouts of hpastar, the same queries, one run: how much faster or slower a change made the
// native tool and the wasm API. Each measure alternates between the two trees round after round and
// keeps each tree's best round, so both see the same machine load.
//
//   git worktree add /tmp/before <ref>   # then build it there: npm run build:native && npm run build:wasm
//   node --import ./scripts/register-ts.mjs bench/before-after.ts --before /tmp/before [--after .]
//        [--maps brc202d,AR0011SR,maze512-16-0] [--rounds 3] [--algos astar,hpa,dhpa] [--entry grid]
//
// Native: `hpa scen MAP.scen --algo A --passes 3` of each tree, query_us_total (each query's fastest of
// 3 passes). wasm: the public API in Node, as bench/wasm-bench.ts times it: one findPath call per query
// (after a warm-up pass), and one findPaths batch for the whole set. Then the start-up work of a page per
// map, in wasm: parsing the map (Grid.fromMovingAI), building the planner at the defaults, and loading its
// saved bytes (HPAStar.load). --entry grid times the module of "hpastar/grid" instead of the full one.
// Prints Markdown tables of after / before ratios (below 1: the change made it faster).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Hpastar, Point } from '../web/lib/index';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const root = fileURLToPath(new URL('..', import.meta.url));
const trees = { before: path.resolve(option('before', '')), after: path.resolve(option('after', root)) };
for (const [name, dir] of Object.entries(trees)) {
  if (!existsSync(path.join(dir, 'build/native/hpa')) || !existsSync(path.join(dir, 'web/lib/wasm/hpastar.wasm'))) {
    console.error(`before-after: --${name} ${dir} needs build/native/hpa and web/lib/wasm/hpastar.wasm (npm run build:native, build:wasm)`);
    process.exit(1);
  }
}
const mapsDir = path.resolve(option('maps-dir', path.join(root, '../shared/maps')));
const maps = option('maps', 'brc202d,AR0011SR,maze512-16-0').split(',');
const algos = option('algos', 'astar,hpa,dhpa').split(',');
const rounds = Number(option('rounds', '3'));
const entry = option('entry', 'full') === 'grid' ? 'web/lib/gridModule.ts' : 'web/lib/index.ts';

interface Query {
  start: Point;
  goal: Point;
}

function readQueries(file: string): Query[] {
  return readFileSync(file, 'utf8').trim().split('\n').slice(1).filter((l) => l.trim()).map((l) => {
    const f = l.split('\t');
    return { start: { x: Number(f[4]), y: Number(f[5]) }, goal: { x: Number(f[6]), y: Number(f[7]) } };
  });
}

function nativeUs(tree: string, map: string, algo: string): number {
  const scen = path.join(mapsDir, `${map}.map.scen`);
  const out = execFileSync(path.join(tree, 'build/native/hpa'), ['scen', scen, '--algo', algo, '--passes', '3'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!).query_us_total as number;
}

type Search = { loop: () => number; batch: (() => number) | null; dispose: () => void };

function wasmSearch(hp: Hpastar, mapText: string, map: string, algo: string, queries: Query[]): Search {
  const grid = hp.Grid.fromMovingAI(mapText, `${map}.map`);
  const packed = Int32Array.from(queries.flatMap((q) => [q.start.x, q.start.y, q.goal.x, q.goal.y]));
  const time = (run: () => void) => {
    const t = performance.now();
    run();
    return (performance.now() - t) * 1000;
  };
  if (algo === 'astar') {
    const astar = new hp.AStar();
    return {
      loop: () => time(() => queries.forEach((q) => astar.findPath(grid, q.start, q.goal))),
      batch: null,
      dispose: () => (astar.dispose(), grid.dispose()),
    };
  }
  const planner = hp.HPAStar.build(grid, { cacheTrees: algo === 'dhpa' });
  return {
    loop: () => time(() => queries.forEach((q) => planner.findPath(q.start, q.goal))),
    batch: () => time(() => planner.findPaths(packed, { cells: true })),
    dispose: () => (planner.dispose(), grid.dispose()),
  };
}

async function loadTree(tree: string): Promise<Hpastar> {
  const { loadHpastar } = (await import(pathToFileURL(path.join(tree, entry)).href)) as typeof import('../web/lib/index');
  return loadHpastar();
}

/** Milliseconds to parse the map, build the planner at the defaults and load its saved bytes. */
function startUp(hp: Hpastar, mapText: string, map: string): { parse: number; build: number; load: number } {
  let t = performance.now();
  const grid = hp.Grid.fromMovingAI(mapText, `${map}.map`);
  const parse = performance.now() - t;
  t = performance.now();
  const planner = hp.HPAStar.build(grid);
  const build = performance.now() - t;
  const bytes = planner.serialize();
  t = performance.now();
  hp.HPAStar.load(bytes).dispose();
  const load = performance.now() - t;
  planner.dispose();
  grid.dispose();
  return { parse, build, load };
}

const modules = { before: await loadTree(trees.before), after: await loadTree(trees.after) };
const rows: string[] = [];
const ratio = (after: number, before: number) => (after / before).toFixed(3);
for (const map of maps) {
  const mapText = readFileSync(path.join(mapsDir, `${map}.map`), 'utf8');
  const queries = readQueries(path.join(mapsDir, `${map}.map.scen`));
  for (const algo of algos) {
    const best = { native: { before: Infinity, after: Infinity }, loop: { before: Infinity, after: Infinity }, batch: { before: Infinity, after: Infinity } };
    const searches = { before: wasmSearch(modules.before, mapText, map, algo, queries), after: wasmSearch(modules.after, mapText, map, algo, queries) };
    for (const side of ['before', 'after'] as const) searches[side].loop(); // warm-up: V8 compiles wasm in tiers
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
        best.native[side] = Math.min(best.native[side], nativeUs(trees[side], map, algo));
        best.loop[side] = Math.min(best.loop[side], searches[side].loop());
        const batch = searches[side].batch;
        if (batch) best.batch[side] = Math.min(best.batch[side], batch());
      }
    }
    for (const side of ['before', 'after'] as const) searches[side].dispose();
    const n = queries.length;
    const us = (v: number) => (v / n).toFixed(2);
    rows.push(
      `| ${map} | ${algo} | ${n} | ${us(best.native.before)} | ${us(best.native.after)} | **${ratio(best.native.after, best.native.before)}** | ` +
        `${us(best.loop.before)} | ${us(best.loop.after)} | **${ratio(best.loop.after, best.loop.before)}** | ` +
        (Number.isFinite(best.batch.before)
          ? `${us(best.batch.before)} | ${us(best.batch.after)} | **${ratio(best.batch.after, best.batch.before)}** |`
          : '– | – | – |'),
    );
    console.error(rows.at(-1));
  }
}
const startRows: string[] = [];
for (const map of maps) {
  const mapText = readFileSync(path.join(mapsDir, `${map}.map`), 'utf8');
  const best = { before: { parse: Infinity, build: Infinity, load: Infinity }, after: { parse: Infinity, build: Infinity, load: Infinity } };
  for (const side of ['before', 'after'] as const) startUp(modules[side], mapText, map); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const got = startUp(modules[side], mapText, map);
      for (const phase of ['parse', 'build', 'load'] as const) best[side][phase] = Math.min(best[side][phase], got[phase]);
    }
  }
  const ms = (v: number) => v.toFixed(1);
  startRows.push(`| ${map} | ${(['parse', 'build', 'load'] as const).map((p) => `${ms(best.before[p])} | ${ms(best.after[p])} | **${ratio(best.after[p], best.before[p])}**`).join(' | ')} |`);
  console.error(startRows.at(-1));
}
console.log(`Before: ${trees.before}; after: ${trees.after}; ${entry}; best of ${rounds} alternating rounds; µs per query.\n`);
console.log('| map | algo | queries | native before | native after | ratio | wasm findPath before | after | ratio | wasm batch before | after | ratio |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log('\nStart-up in wasm, ms: parse the map, build at the defaults, load the saved bytes.\n');
console.log('| map | parse before | after | ratio | build before | after | ratio | load before | after | ratio |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of startRows) console.log(row);
