// Our planners in WebAssembly (Node) against the same planners native (build/native/hpa) and against
// PathFinding.js (npm `pathfinding`: A* and JPS, DiagonalMovement.OnlyWhenNoObstacles), on the same
// Moving AI scenario queries, in one run. Writes bench/results/wasm.md and wasm.json.
//
//   npm run bench:wasm -- [--maps den520d,brc202d] [--runs 5] [--warmup 3] [--cluster 10 --levels 1] [--no-pool] [--no-pf]
//
// Per map, two query sets: every scenario, and the last 10 buckets (the longest paths; the native
// tool's --min-bucket max-9). Times are means per query, best of --runs passes (each pass runs the
// whole set; native passes are separate runs of the tool); the wasm passes come after --warmup
// untimed passes (V8 compiles wasm in tiers: the first passes run slower). wasm is timed through the public API, one findPath call per query (what a game
// does), and for the hierarchical planners also as one findPaths batch. PathFinding.js is timed once
// per set, a grid clone included (its searches write into the grid, so every search needs a fresh
// one). With --no-pool the worker-pool figures (bench/pool-bench.ts) are left out.
// Not a test: timings depend on the machine and on what else runs on it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PF from 'pathfinding';
import { loadHpastar, type Grid, type Hpastar, type PathResult, type Point } from '../web/lib/index';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : fallback;
};
const flag = (name: string) => argv.includes(`--${name}`);
const hpaTool = path.join(root, 'build/native/hpa');
if (!existsSync(hpaTool)) {
  console.error(`bench:wasm: ${hpaTool} is missing; run npm run build:native first`);
  process.exit(1);
}
const sharedMaps = path.join(root, '../shared/maps');
const mapsDir = path.resolve(option('maps-dir', existsSync(sharedMaps) ? sharedMaps : path.join(root, 'maps')));
const maps = option('maps', 'den520d,brc202d').split(',').filter((m) => existsSync(path.join(mapsDir, `${m}.map.scen`)));
const runs = Number(option('runs', '5'));
// wasm is compiled by V8 in tiers (Liftoff first, then TurboFan for hot functions): the first passes run slower.
const warmup = Number(option('warmup', '3'));
const hpaArgs = ['--cluster', option('cluster', '10'), '--levels', option('levels', '1')];
const outDir = path.join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });

interface Scenario {
  bucket: number;
  start: Point;
  goal: Point;
  optimal: number;
}

function readScenarios(file: string): Scenario[] {
  return readFileSync(file, 'utf8').trim().split('\n').slice(1).filter((l) => l.trim()).map((l) => {
    const f = l.split('\t');
    return { bucket: Number(f[0]), start: { x: Number(f[4]), y: Number(f[5]) }, goal: { x: Number(f[6]), y: Number(f[7]) }, optimal: Number(f[8]) };
  });
}

/** What one planner did on one query set. */
interface Measure {
  usPerQuery: number;
  expandedMean: number;
  found: number;
  meanSubopt: number;
  maxSubopt: number;
  /** Paths that broke a rule (PathFinding.js only: ours are checked by the tests and the tools). */
  invalid?: number;
  /** Paths longer than optimal by more than the file's rounding (PathFinding.js only). */
  suboptimal?: number;
  batchUsPerQuery?: number;
  cloneUs?: number;
}

interface NativeSummary {
  queries: number;
  found: number;
  unsolved: number;
  invalid: number;
  mean_subopt: number;
  max_subopt: number;
  query_us_mean: number;
  expanded_mean: number;
}

function native(scen: string, algo: string, minBucket: number): Measure {
  const extra = algo === 'hpa' || algo === 'dhpa' ? hpaArgs : [];
  let best: NativeSummary | null = null;
  for (let r = 0; r < runs; r++) {
    const out = execFileSync(hpaTool, ['scen', scen, '--algo', algo, '--min-bucket', String(minBucket), ...extra], { maxBuffer: 1 << 28 });
    const s = JSON.parse(out.toString().trim().split('\n').at(-1)!) as NativeSummary;
    if (!best || s.query_us_mean < best.query_us_mean) best = s;
  }
  return { usPerQuery: best!.query_us_mean, expandedMean: best!.expanded_mean, found: best!.found, meanSubopt: best!.mean_subopt, maxSubopt: best!.max_subopt };
}

function subopt(cost: number, optimal: number): number {
  return optimal > 0 ? (cost - optimal) / optimal : cost > 0 ? 1 : 0;
}

/** One findPath call per query through the public API; best of `runs` passes after `warmup` passes. */
function wasmLoop(findPath: (s: Point, g: Point) => PathResult, set: Scenario[]): Measure {
  let best = Infinity;
  let expanded = 0;
  let found = 0;
  let sum = 0;
  let max = 0;
  for (let pass = -warmup; pass < runs; pass++) {
    let us = 0;
    expanded = found = sum = max = 0;
    for (const s of set) {
      const t = performance.now();
      const r = findPath(s.start, s.goal);
      us += (performance.now() - t) * 1000;
      expanded += r.expanded;
      if (r.found) {
        found++;
        const so = subopt(r.cost, s.optimal);
        sum += so;
        max = Math.max(max, so);
      }
    }
    if (pass >= 0) best = Math.min(best, us / set.length);
  }
  return { usPerQuery: best, expandedMean: expanded / set.length, found, meanSubopt: found ? sum / found : 0, maxSubopt: max };
}

function wasmBatch(findPaths: (q: Int32Array) => unknown, set: Scenario[]): number {
  const packed = new Int32Array(set.length * 4);
  set.forEach((s, i) => packed.set([s.start.x, s.start.y, s.goal.x, s.goal.y], 4 * i));
  for (let w = 0; w < warmup; w++) findPaths(packed);
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    findPaths(packed);
    best = Math.min(best, ((performance.now() - t) * 1000) / set.length);
  }
  return best;
}

/** The octile length of a path given as [x, y] points joined by straight or diagonal runs; NaN if a step is illegal. */
function pfPathLength(points: number[][], passable: (x: number, y: number) => boolean): { length: number; valid: boolean } {
  const cells = PF.Util.expandPath(points) as number[][];
  let length = 0;
  let valid = cells.length > 0 && passable(cells[0]![0]!, cells[0]![1]!);
  for (let i = 1; i < cells.length; i++) {
    const [px, py] = cells[i - 1] as [number, number];
    const [x, y] = cells[i] as [number, number];
    const dx = x - px;
    const dy = y - py;
    if (!passable(x, y) || Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) valid = false;
    if (dx !== 0 && dy !== 0) {
      if (!passable(px + dx, py) || !passable(px, py + dy)) valid = false;
      length += Math.SQRT2;
    } else {
      length += 1;
    }
  }
  return { length, valid };
}

function pathfindingJs(kind: 'astar' | 'jps', matrix: number[][], set: Scenario[]): Measure {
  const grid = new PF.Grid(matrix);
  const diagonalMovement = PF.DiagonalMovement.OnlyWhenNoObstacles;
  const finder = kind === 'astar' ? new PF.AStarFinder({ diagonalMovement }) : PF.JumpPointFinder({ diagonalMovement });
  const passable = (x: number, y: number) => y >= 0 && y < matrix.length && x >= 0 && x < matrix[0]!.length && matrix[y]![x] === 0;
  for (const s of set.slice(0, 10)) finder.findPath(s.start.x, s.start.y, s.goal.x, s.goal.y, grid.clone()); // warm-up
  let us = 0;
  let found = 0;
  let sum = 0;
  let max = 0;
  let invalid = 0;
  let suboptimal = 0;
  for (const s of set) {
    const t = performance.now();
    const points = finder.findPath(s.start.x, s.start.y, s.goal.x, s.goal.y, grid.clone()) as number[][];
    us += (performance.now() - t) * 1000;
    if (points.length === 0) continue;
    found++;
    const { length, valid } = pfPathLength(points, passable);
    if (!valid) invalid++;
    const so = subopt(length, s.optimal);
    if (so > 1e-5) suboptimal++;
    sum += so;
    max = Math.max(max, so);
  }
  let cloneUs = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    for (let i = 0; i < 20; i++) grid.clone();
    cloneUs = Math.min(cloneUs, ((performance.now() - t) * 1000) / 20);
  }
  return { usPerQuery: us / set.length, expandedMean: NaN, found, meanSubopt: found ? sum / found : 0, maxSubopt: max, invalid, suboptimal, cloneUs };
}

const hp: Hpastar = await loadHpastar();
const report: Record<string, unknown>[] = [];
const fmt = (x: number | undefined, d = 1) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
const pct = (x: number) => (x * 100).toFixed(2);
let md = `# Our wasm planners against native and against PathFinding.js\n\n` +
  `Generated by \`npm run bench:wasm\` (bench/wasm-bench.ts) on ${new Date().toISOString()}: ${os.cpus()[0]?.model ?? 'cpu'} ` +
  `(${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start), ${process.platform} ${process.arch}, Node ${process.version}, one process. Maps from ${path.relative(root, mapsDir) || '.'}.\n\n` +
  `- **native**: build/native/hpa scen (g++, CMake Release: -O3), its query_us_mean, best of ${runs} runs.\n` +
  `- **wasm findPath** (Emscripten 3.1.6, -O3, V8 of Node): one \`planner.findPath\` call per query through the TypeScript API in Node (embind call, result object, cells copied ` +
  `out of the wasm heap), best of ${runs} passes after ${warmup} warm-up passes. **wasm batch**: one \`findPaths\` call for the whole set (typed arrays out).\n` +
  `- **PathFinding.js** ${(JSON.parse(readFileSync(path.join(root, 'node_modules/pathfinding/package.json'), 'utf8')) as { version: string }).version}: ` +
  `\`AStarFinder\` and \`JumpPointFinder\` with \`DiagonalMovement.OnlyWhenNoObstacles\`, their default heuristics, one pass; the time includes ` +
  `\`grid.clone()\` (searches write into the grid, so each needs a fresh one; the clone alone is given apart).\n` +
  `- HPA* and DHPA*: ${hpaArgs.join(' ')}, smoothing on; SHPA*: its defaults. Same options natively and in wasm. ` +
  `Suboptimality is (length − optimal) / optimal against the scenario file's optimal lengths.\n`;

const summaries: string[] = [];
for (const mapName of maps) {
  const mapFile = path.join(mapsDir, `${mapName}.map`);
  const scenFile = `${mapFile}.scen`;
  const text = readFileSync(mapFile, 'utf8');
  const all = readScenarios(scenFile);
  const maxBucket = Math.max(...all.map((s) => s.bucket));
  const grid: Grid = hp.Grid.fromMovingAI(text, `${mapName}.map`);
  const matrix: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) row.push(grid.passable(x, y) ? 0 : 1);
    matrix.push(row);
  }
  const clusterSize = Number(hpaArgs[1]);
  const levels = Number(hpaArgs[3]);
  const astar = new hp.AStar();
  // The paper's defaults, as `hpa --algo hpa|dhpa` starts from: HPAStar.build alone would choose the
  // fields left out for the map (trees, landmarks), and the two sides would not run the same planner.
  const paper = { ...hp.HPAStar.defaultOptions, clusterSize, levels };
  const hpa = hp.HPAStar.build(grid, paper);
  const dhpa = hp.HPAStar.build(grid, { ...paper, cacheTrees: true });
  const shpa = hp.SHPAStar.build(grid);
  const planners = [
    { name: 'A*', algo: 'astar', findPath: (s: Point, g: Point) => astar.findPath(grid, s, g), findPaths: null },
    { name: 'HPA*', algo: 'hpa', findPath: (s: Point, g: Point) => hpa.findPath(s, g), findPaths: (q: Int32Array) => hpa.findPaths(q) },
    { name: 'DHPA*', algo: 'dhpa', findPath: (s: Point, g: Point) => dhpa.findPath(s, g), findPaths: (q: Int32Array) => dhpa.findPaths(q) },
    { name: 'SHPA*', algo: 'shpa', findPath: (s: Point, g: Point) => shpa.findPath(s, g), findPaths: (q: Int32Array) => shpa.findPaths(q) },
  ];
  for (const [setName, minBucket] of [[`last 10 buckets (${maxBucket - 9}–${maxBucket})`, maxBucket - 9], ['every scenario', 0]] as const) {
    const set = all.filter((s) => s.bucket >= minBucket);
    process.stderr.write(`bench:wasm: ${mapName}, ${setName}: ${set.length} queries\n`);
    const rows: { name: string; nat?: Measure; wasm?: Measure; pf?: Measure }[] = [];
    for (const p of planners) {
      const nat = native(scenFile, p.algo, minBucket);
      const wasm = wasmLoop(p.findPath, set);
      if (p.findPaths) wasm.batchUsPerQuery = wasmBatch(p.findPaths, set);
      rows.push({ name: p.name, nat, wasm });
      // The tool prints 10 significant digits.
      const near = (a: number, b: number) => Math.abs(a - b) <= 1e-8 * Math.abs(b) + 1e-15;
      if (wasm.found !== nat.found || !near(wasm.meanSubopt, nat.meanSubopt) || !near(wasm.expandedMean, nat.expandedMean)) {
        throw new Error(`${mapName} ${setName} ${p.name}: wasm and native answers differ (found ${wasm.found}/${nat.found}, subopt ${wasm.meanSubopt}/${nat.meanSubopt}, expanded ${wasm.expandedMean}/${nat.expandedMean})`);
      }
    }
    if (!flag('no-pf')) {
      rows.push({ name: 'PathFinding.js A*', pf: pathfindingJs('astar', matrix, set) });
      rows.push({ name: 'PathFinding.js JPS', pf: pathfindingJs('jps', matrix, set) });
    }
    const pfA = rows.find((r) => r.name === 'PathFinding.js A*')?.pf;
    const pfJ = rows.find((r) => r.name === 'PathFinding.js JPS')?.pf;
    md += `\n## ${mapName}: ${setName}, ${set.length} queries\n\n`;
    md += '| planner | native µs | wasm findPath µs | wasm / native | wasm batch µs | expanded / query | native Mexp/s | wasm Mexp/s | found | mean subopt % | max subopt % | × PF A* | × PF JPS |\n';
    md += '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n';
    for (const r of rows) {
      if (r.wasm && r.nat) {
        const w = r.wasm;
        const n = r.nat;
        md += `| ${r.name} | ${fmt(n.usPerQuery)} | ${fmt(w.usPerQuery)} | ${fmt(w.usPerQuery / n.usPerQuery, 2)} | ${fmt(w.batchUsPerQuery)} | ${fmt(w.expandedMean, 0)} | ` +
          `${fmt(n.expandedMean / n.usPerQuery, 2)} | ${fmt(w.expandedMean / w.usPerQuery, 2)} | ${w.found}/${set.length} | ${pct(w.meanSubopt)} | ${pct(w.maxSubopt)} | ` +
          `${pfA ? fmt(pfA.usPerQuery / w.usPerQuery, 0) : '–'} | ${pfJ ? fmt(pfJ.usPerQuery / w.usPerQuery, 0) : '–'} |\n`;
        report.push({ map: mapName, set: setName, queries: set.length, planner: r.name, native: n, wasm: w });
      } else if (r.pf) {
        const p = r.pf;
        md += `| ${r.name} (incl. clone ${fmt(p.cloneUs)} µs) | – | ${fmt(p.usPerQuery)} (JS) | – | – | – | – | – | ${p.found}/${set.length} | ${pct(p.meanSubopt)} | ${pct(p.maxSubopt)} | – | – |\n`;
        report.push({ map: mapName, set: setName, queries: set.length, planner: r.name, pathfinding: p });
      }
    }
    if (pfA && pfJ) {
      md += `\nPathFinding.js paths, checked cell by cell (PF.Util.expandPath) and measured with our costs (1 straight, √2 diagonal): ` +
        `A* ${pfA.invalid} invalid, ${pfA.suboptimal} longer than optimal; JPS ${pfJ.invalid} invalid, ${pfJ.suboptimal} longer than optimal ` +
        `(mean ${pct(pfJ.meanSubopt)} %, max ${pct(pfJ.maxSubopt)} %).\n`;
    }
    const a = rows[0]!;
    if (minBucket > 0) {
      summaries.push(`- ${mapName}, buckets ≥ ${minBucket} (${set.length} queries): A* native ${fmt(a.nat!.usPerQuery)} µs/query, ` +
        `${fmt(a.nat!.expandedMean / a.nat!.usPerQuery, 2)} M expansions/s; wasm ${fmt(a.wasm!.usPerQuery)} µs/query, ` +
        `${fmt(a.wasm!.expandedMean / a.wasm!.usPerQuery, 2)} M expansions/s (${fmt(a.wasm!.expandedMean, 0)} expansions/query); ` +
        `wasm/native A* ${fmt(a.wasm!.usPerQuery / a.nat!.usPerQuery, 2)}, HPA* ${fmt(rows[1]!.wasm!.usPerQuery / rows[1]!.nat!.usPerQuery, 2)}` +
        (pfJ ? `; wasm HPA* is ${fmt(pfJ.usPerQuery / rows[1]!.wasm!.usPerQuery, 0)}× faster than PathFinding.js JPS (${fmt(pfJ.usPerQuery / 1000, 1)} ms/query).` : '.'));
    }
  }
  for (const h of [astar, hpa, dhpa, shpa, grid]) h.dispose();
}

md += `\n## Summary\n\n${summaries.join('\n')}\n`;
md += `\nPathFinding.js: its A* with \`OnlyWhenNoObstacles\` follows the same rules as the Moving AI scenarios (8 moves, √2 diagonals, no corner ` +
  `cutting; octile heuristic by default when diagonals are allowed), so its lengths equal the optimal ones (up to the files' rounding). Its ` +
  `\`JumpPointFinder\` keeps the Manhattan heuristic by default, which overestimates with diagonal moves: its paths are legal but can be longer ` +
  `than optimal (counts above). Both search a grid of JavaScript node objects that they modify, hence the clone per search.\n`;

if (!flag('no-pool')) {
  process.stderr.write('bench:wasm: worker pool (bench/pool-bench.ts)\n');
  const out = execFileSync(process.execPath, ['--import', path.join(root, 'scripts/register-ts.mjs'), path.join(root, 'bench/pool-bench.ts'), '--workers', '1,2,4'], { maxBuffer: 1 << 26 }).toString();
  const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, number | string>);
  md += `\n## Worker pool (bench/pool-bench.ts --workers 1,2,4)\n\n${lines[0]!.queries} random queries on ${lines[0]!.map}, HPA* cluster ${lines[0]!.clusterSize}, ${lines[0]!.levels} levels; ` +
    `${os.availableParallelism()} cores on this machine, so more than 2 workers cannot add throughput.\n\n`;
  md += '| run | workers | queries/s | µs/query | × one worker | heap MiB |\n| --- | --- | --- | --- | --- | --- |\n';
  for (const l of lines) {
    md += `| ${l.run} | ${l.workers ?? 1} | ${l.queriesPerSecond} | ${l.usPerQuery ?? fmt(1e6 / Number(l.queriesPerSecond), 2)} | ${l.speedupOverOneWorker ?? '–'} | ${l.heapBytes ? fmt(Number(l.heapBytes) / 2 ** 20, 1) : '–'} |\n`;
  }
  report.push({ pool: lines });
}

writeFileSync(path.join(outDir, 'wasm.md'), md);
writeFileSync(path.join(outDir, 'wasm.json'), `${JSON.stringify(report, null, 1)}\n`);
console.log(summaries.join('\n'));
console.log(`bench:wasm: wrote ${path.relative(root, path.join(outDir, 'wasm.md'))} and wasm.json`);
