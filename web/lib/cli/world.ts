/**
 * The block world commands of `hpastar`, twins of the native tool's (cpp/cli/WorldCommands.cpp): `gen3d`
 * writes the same file for the same seed, and `world-compare` draws the same random pairs (SplitMix64,
 * cpp/world/SeededRandom.h) and prints the same summary, times apart.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { rawModuleOf } from '../bind.ts';
import type { BlockWorld, Hpastar, Voxel, WorldHierarchyOptions, WorldHPAStar, WorldHpaPathResult, WorldPathResult } from '../index.ts';
import { CommandLine, UsageError } from './commandLine.ts';
import type { CommandSpec } from '../generated/contract.ts';
import { InputError, jsonLine, readBounded, type JsonField } from './movingai.ts';
import { optionFlags, readOptionFlags } from './optionFlags.ts';

/** SplitMix64 as cpp/world/SeededRandom.h has it: the native tool's pairs, drawn here. */
class SeededRandom {
  #state: bigint;
  constructor(seed: number) {
    this.#state = BigInt(seed);
  }
  next(): bigint {
    const mask = (1n << 64n) - 1n;
    this.#state = (this.#state + 0x9e3779b97f4a7c15n) & mask;
    let z = this.#state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  }
  below(n: number): number {
    return Number(this.next() % BigInt(n));
  }
}

/** "256x256x16" as a size; UsageError naming the value otherwise (the module checks the limits). */
function worldSize(text: string): { width: number; height: number; levels: number } {
  const m = /^(\d+)x(\d+)x(\d+)$/.exec(text);
  if (!m) throw new UsageError(`--size "${text}" is not WIDTHxHEIGHTxLEVELS (three positive integers, e.g. 256x256x16)`);
  return { width: Number(m[1]), height: Number(m[2]), levels: Number(m[3]) };
}

function standingCells(world: BlockWorld): Voxel[] {
  const cells: Voxel[] = [];
  for (let z = 0; z < world.levels; z++) {
    const floor = world.standingFloor(z);
    for (let i = 0; i < floor.length; i++) if (floor[i]) cells.push({ x: i % world.width, y: Math.floor(i / world.width), z });
  }
  return cells;
}

/** `hpastar gen3d`: returns the exit status. */
export function runGen3d(hp: Hpastar, spec: CommandSpec, args: readonly string[]): number {
  const cmd = new CommandLine(args, spec);
  cmd.rejectUnknown();
  if (cmd.positional.length) throw new UsageError(`gen3d: unexpected argument "${cmd.positional[0]}" (the file is given as -o FILE)`);
  if (!cmd.has('size')) throw new UsageError('gen3d needs --size WIDTHxHEIGHTxLEVELS');
  const kinds = hp.BlockWorld.limits.kinds;
  if (!cmd.has('kind')) throw new UsageError(`gen3d needs --kind (${kinds.join(', ')})`);
  const size = worldSize(cmd.string('size', ''));
  const kind = cmd.string('kind', '');
  if (!(kinds as readonly string[]).includes(kind)) throw new UsageError(`unknown --kind "${kind}" (known: ${kinds.join(', ')})`);
  const seed = cmd.integer('seed');
  const out = cmd.text('out');
  if (!out) throw new UsageError('gen3d needs -o FILE');
  const t0 = performance.now();
  let world: BlockWorld;
  try {
    world = hp.BlockWorld.generate({ kind: kind as (typeof kinds)[number], size, seed });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--size ${cmd.string('size', '')}: ${error.message.replace(/^BlockWorld\.generate: /, '')}`);
    throw error;
  }
  using w = world;
  const ms = performance.now() - t0;
  try {
    writeFileSync(out, w.toText());
  } catch (error) {
    throw new InputError(`${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const counts = new Map<string, number>();
  for (let z = 0; z < w.levels; z++) for (const code of w.floor(z)) counts.set(String(code), (counts.get(String(code)) ?? 0) + 1);
  const count = (name: string) => hp.BlockWorld.blockKinds.filter((k) => k.name === name || (name === 'stair' && k.name.startsWith('stair'))).reduce((n, k) => n + (counts.get(String(k.code)) ?? 0), 0);
  console.log(jsonLine([
    ['file', out], ['kind', kind], ['width', { int: size.width }], ['height', { int: size.height }], ['levels', { int: size.levels }],
    ['seed', { int: seed }], ['standing_cells', { int: standingCells(w).length }], ['solid', { int: count('solid') }],
    ['ladders', { int: count('ladder') }], ['stairs', { int: count('stair') }], ['generate_ms', ms],
  ]));
  return 0;
}

/** A timed answer: microseconds and the answer. */
interface Timed<T> {
  us: number;
  answer: T;
}

/** The fastest of `passes` runs of `run`, in microseconds, and its answer. */
function fastest<T>(passes: number, run: () => T): Timed<T> {
  let best = Infinity;
  let answer!: T;
  for (let p = 0; p < passes; p++) {
    const t = performance.now();
    answer = run();
    best = Math.min(best, (performance.now() - t) * 1000);
  }
  return { us: best, answer };
}

interface FoundPair {
  cost: number;
  astarUs: number;
  hpaUs: number;
}

/**
 * The longest tenth of the paths (by A*'s cost): what a hierarchy is meant to speed up. Sorted as
 * natively (by cost, descending; ties keep no particular order, and only their sum is printed).
 */
function longestTenth(found: FoundPair[]): { longest: number; longestAstar: number; longestHpa: number } {
  found.sort((x, y) => y.cost - x.cost);
  const longest = Math.max(found.length ? 1 : 0, Math.floor(found.length / 10));
  let longestAstar = 0;
  let longestHpa = 0;
  for (let i = 0; i < longest; i++) {
    longestAstar += found[i]!.astarUs;
    longestHpa += found[i]!.hpaUs;
  }
  return { longest, longestAstar, longestHpa };
}

/**
 * A start and a goal among `cells`, as the native tool draws them; with `reach`, the goal drawn again until it
 * lies within one level-1 box's reach of the start (withinBoxReach in WorldHpaQuery.h: a box side across,
 * its levels up or down).
 */
function drawPair(random: SeededRandom, cells: readonly Voxel[], reach: { side: number; levels: number } | null): [Voxel, Voxel] {
  const s = cells[random.below(cells.length)]!;
  let t = cells[random.below(cells.length)]!;
  while (reach && (Math.max(Math.abs(s.x - t.x), Math.abs(s.y - t.y)) > reach.side || Math.abs(s.z - t.z) > reach.levels)) t = cells[random.below(cells.length)]!;
  return [s, t];
}

/** world-compare's line of one query (--per-query), as natively. */
function queryLine(q: number, s: Voxel, t: Voxel, a: Timed<WorldPathResult>, h: Timed<WorldHpaPathResult>, problem: string): string {
  const cost = (r: WorldPathResult) => (r.found ? r.cost : 0);
  const line: [string, JsonField][] = [
    ['query', { int: q }], ['start', `(${s.x}, ${s.y}, ${s.z})`], ['goal', `(${t.x}, ${t.y}, ${t.z})`],
    ['astar', a.answer.status], ['hpa', h.answer.status], ['astar_cost', cost(a.answer)], ['hpa_cost', cost(h.answer)],
    ['astar_us', a.us], ['hpa_us', h.us],
  ];
  if (problem) line.push(['problem', problem]);
  return jsonLine(line);
}

/** world-compare's fields of the world and its hierarchy (sizes, options, build figures), as natively. */
function hierarchyFields(path: string, world: BlockWorld, hpa: WorldHPAStar, smooth: boolean): [string, JsonField][] {
  const o = hpa.options;
  const stats = hpa.stats;
  return [
    ['world', path], ['width', { int: world.width }], ['height', { int: world.height }], ['levels', { int: world.levels }],
    ['cluster_side', { int: o.clusterSide }], ['cluster_levels', { int: o.clusterLevels }], ['abstraction_levels', { int: o.levels }],
    ['build_ms', stats.buildMs], ['smooth', smooth], ['hierarchy_bytes', { int: stats.bytes }], ['path_bytes', { int: stats.pathBytes }],
    ['nodes_level1', { int: stats.levels[0]!.nodes }], ['nodes_top', { int: stats.levels[o.levels - 1]!.nodes }],
    ['landmarks', { int: o.landmarks }], ['distance_table_nodes', { int: stats.distanceTableNodes }],
    ['heuristics_ms', stats.heuristicsMs], ['heuristic_bytes', { int: stats.heuristicBytes }],
  ];
}

/** `hpastar world-compare`: returns the exit status. */
export function runWorldCompare(hp: Hpastar, spec: CommandSpec, args: readonly string[]): number {
  const cmd = new CommandLine(args, spec);
  // The hierarchy's flags, ranges and messages from the core's declaration (WorldHierarchyOptions::fields).
  const fields = rawModuleOf(hp).worldOptionFields();
  cmd.rejectUnknown(new Set(optionFlags(fields)));
  if (cmd.positional.length !== 1) throw new UsageError('world-compare needs exactly one block world FILE');
  const queries = cmd.integer('queries');
  const seed = cmd.integer('seed');
  const perQuery = cmd.has('per-query');
  const near = cmd.has('near');
  const passes = cmd.integer('passes');
  const smooth = !cmd.has('no-smooth');
  const anyAngle = cmd.has('any-angle');
  const options = readOptionFlags(cmd, fields) as WorldHierarchyOptions;
  const path = cmd.positional[0]!;
  const text = readBounded(path, hp.BlockWorld.limits.maxFileBytes, 'block world').toString('utf8');
  let parsed: BlockWorld;
  try {
    parsed = hp.BlockWorld.parse(text, path);
  } catch (error) {
    throw new InputError((error as Error).message.replace(/^BlockWorld\.parse: /, ''));
  }
  using world = parsed;
  const cells = standingCells(world);
  if (cells.length === 0) throw new InputError(`${path}: the world has no standing cell`);
  let built;
  try {
    built = hp.WorldHPAStar.build(world, options);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new UsageError(error.message.replace(/^WorldHPAStar\.build: /, ''));
    throw error;
  }
  using hpa = built;
  using astar = new hp.WorldAStar();
  if (anyAngle && world.costLayer()) throw new UsageError('--any-angle: any-angle paths need an unweighted world: this one has a cost layer');

  const random = new SeededRandom(seed);
  const found: FoundPair[] = [];
  let noPath = 0;
  let mismatches = 0;
  let invalid = 0;
  let astarUs = 0;
  let expandedAbstract = 0;
  let hpaUs = 0;
  let astarNoPathUs = 0;
  let hpaNoPathNs = 0;
  let excessSum = 0;
  let excessMax = 0;
  let optimal = 0;
  let shapedUs = 0;
  let shapedRatioSum = 0;
  const lines: string[] = [];
  const reach = near ? { side: hpa.options.clusterSide, levels: hpa.options.clusterLevels } : null;
  for (let q = 0; q < queries; q++) {
    const [s, t] = drawPair(random, cells, reach);
    const a = fastest(passes, () => astar.findPath(world, s, t));
    const h = fastest<WorldHpaPathResult>(passes, () => hpa.findPath(s, t, { smooth }));
    astarUs += a.us;
    hpaUs += h.us;
    expandedAbstract += h.answer.stats.expandedAbstract;
    let problem = '';
    if (a.answer.status !== h.answer.status) {
      mismatches++;
      problem = `A* ${a.answer.status}, HPA* ${h.answer.status}`;
    }
    if (h.answer.found) {
      const check = world.validatePath(s, t, h.answer.cells, h.answer.cost);
      if (check) {
        invalid++;
        problem = check;
      }
    }
    if (anyAngle && h.answer.found) {
      const shaped = fastest(passes, () => hpa.findPath(s, t, { smooth, pathShape: 'any-angle' }));
      shapedUs += shaped.us;
      shapedRatioSum += h.answer.cost > 0 ? shaped.answer.cost / h.answer.cost : 1;
    }
    if (a.answer.found && h.answer.found) {
      found.push({ cost: a.answer.cost, astarUs: a.us, hpaUs: h.us });
      const excess = a.answer.cost > 0 ? h.answer.cost / a.answer.cost - 1 : 0;
      excessSum += excess;
      excessMax = Math.max(excessMax, excess);
      if (h.answer.cost <= a.answer.cost * (1 + 1e-9)) optimal++;
    } else if (!a.answer.found) {
      noPath++;
      astarNoPathUs += a.us;
      // Far below the clock's resolution: timed over many answers, as natively.
      const repeats = 1000;
      hpaNoPathNs += (fastest(passes, () => { for (let r = 0; r < repeats; r++) hpa.findPath(s, t, { smooth }); }).us * 1000) / repeats;
    }
    if (perQuery) lines.push(queryLine(q, s, t, a, h, problem));
  }
  const { longest, longestAstar, longestHpa } = longestTenth(found);
  // Per path HPA* found (every found path is shaped).
  const shapedFields: [string, JsonField][] = anyAngle
    ? [['shaped_us_mean', found.length ? shapedUs / found.length : 0], ['shaped_length_ratio_mean', found.length ? shapedRatioSum / found.length : 0]]
    : [];
  lines.push(jsonLine([
    ...hierarchyFields(path, world, hpa, smooth),
    ['queries', { int: queries }], ['found', { int: found.length }], ['no_path', { int: noPath }],
    ['mismatches', { int: mismatches }], ['invalid', { int: invalid }],
    ['suboptimality_mean', found.length ? excessSum / found.length : 0], ['suboptimality_max', excessMax],
    ['optimal_share', found.length ? optimal / found.length : 0],
    ['astar_us_mean', astarUs / queries], ['hpa_us_mean', hpaUs / queries], ['speedup_mean', hpaUs > 0 ? astarUs / hpaUs : 0],
    ['longest_paths', { int: longest }], ['longest_cost_min', longest ? found[longest - 1]!.cost : 0],
    ['astar_us_mean_longest', longest ? longestAstar / longest : 0], ['hpa_us_mean_longest', longest ? longestHpa / longest : 0],
    ['speedup_longest', longestHpa > 0 ? longestAstar / longestHpa : 0],
    ['hpa_expanded_abstract_mean', expandedAbstract / queries],
    ['astar_us_mean_no_path', noPath ? astarNoPathUs / noPath : 0], ['hpa_ns_mean_no_path', noPath ? hpaNoPathNs / noPath : 0],
    ...shapedFields,
  ]));
  process.stdout.write(`${lines.join('\n')}\n`);
  return mismatches || invalid ? 3 : 0;
}
