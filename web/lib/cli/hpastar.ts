#!/usr/bin/env node
/**
 * `hpastar`: the package's command-line tool (`npx hpastar ...`), the WebAssembly twin of the native
 * `hpa` tool: same commands, options and JSON lines, so that the two can be compared line for line.
 *
 * ```sh
 * npx hpastar build FILE.map -o FILE.hpa [--algo hpa|dhpa] [--cluster N] [--levels L] ...
 * npx hpastar scen FILE.map.scen [--map FILE.map] --algo astar|jps|jpsplus|hpa|dhpa|shpa|aa|haa [--hierarchy FILE.hpa] ...
 * npx hpastar gen3d --size WxHxD --kind caves|towers|hills [--seed K] -o FILE.world
 * npx hpastar world-compare FILE.world --queries N [--seed K] [--cluster-side S] ...
 * ```
 * Exit status: 0, 1 for unreadable input, 2 for a bad command line, 3 when `scen` left a scenario
 * unsolved or found an invalid path, or `world-compare` found a mismatch or an invalid path.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import type { RawOptionField, RawScenarioOutcomes, RawScenarioSummary } from 'hpastar:raw';
import { rawModuleOf } from '../bind.ts';
import { loadHpastar, PathQueryError, type Grid, type HaaOptions, type Hpastar, type HierarchyOptions, type PathResult, type Point, type ShpaOptions } from '../index.ts';
import { costTableOf } from '../internal.ts';
import { rawGrid } from '../grid.ts';
import { ALGORITHMS, DEFAULT_AGENT, type AlgorithmSpec, type CommandSpec } from '../generated/contract.ts';
import { CommandLine, commandsHelp, flagHelp, packageCommand, UsageError } from './commandLine.ts';
import { baseName, InputError, jsonLine, readBounded, readScenarios, type JsonField, type Scenario } from './movingai.ts';
import { optionFlags, optionFlagsHelp, optionSwitches, readOptionFlags } from './optionFlags.ts';
import { runGen3d, runWorldCompare } from './world.ts';

// WebAssembly compiled by the optimizing tier at once, before the module starts. With Node 20's default (a
// baseline tier first, hot functions optimized in the background), a short run can end while those jobs
// run, and then about one run in a hundred printed its last line and never exited (measured here: 9 of
// 757 runs hung; none of 900 with this flag). It also keeps the baseline tier out of the times `scen`
// reports: den520d's queries took half as long.
setFlagsFromString('--no-liftoff');

/** The planners' command-line options, as the core declares them (the module's option tables). */
interface PlannerFlags {
  readonly hierarchy: readonly RawOptionField[];
  readonly shpa: readonly RawOptionField[];
  readonly haa: readonly RawOptionField[];
  /** The block world hierarchy's options (world-compare). */
  readonly world: readonly RawOptionField[];
  /** The largest files read, in bytes: the module's limits (cpp/io/FileLimits.h), and for a hierarchy file the default memory budget. */
  readonly fileLimits: { readonly map: number; readonly scenario: number; readonly hierarchy: number };
}

function plannerFlags(hp: Hpastar): PlannerFlags {
  const module = rawModuleOf(hp);
  const hierarchy = module.hierarchyOptionFields();
  const { maxMapFileBytes, maxScenarioFileBytes } = module.limits();
  const budget = Number(hierarchy.find((f) => f.name === 'memoryBudgetMiB')?.default);
  return { hierarchy, shpa: module.shpaOptionFields(), haa: module.haaOptionFields(), world: module.worldOptionFields(), fileLimits: { map: maxMapFileBytes, scenario: maxScenarioFileBytes, hierarchy: budget * 2 ** 20 } };
}

const usage = (flags: PlannerFlags) => `usage: hpastar <command> [arguments]

commands:
${commandsHelp()}world options (world-compare: the block world's hierarchy of boxes):
${optionFlagsHelp(flags.world)}
auto: the HPA* family with the options hpastar picks for the map (HPAStar.chooseOptions: DHPA*
trees, landmarks, a cluster side from the map's borders, the distance table when
--terrain-changes rarely; the default hint is often); scen prints the options used. Any option
below overrides its choice. hpa and dhpa start from the paper's defaults instead.

hpa, dhpa and auto options (dhpa: HPA* with shortest-path trees; --terrain-changes: auto only):
${optionFlagsHelp(flags.hierarchy)}${plannerFlagsHelp('auto')}
shpa options (static maps only):
${optionFlagsHelp(flags.shpa)}${plannerFlagsHelp('shpa')}
aa and haa options (an agent: a square of --size cells standing on the terrain of --capability):
${plannerFlagsHelp('aa')}${optionFlagsHelp(flags.haa)}
Switches (--cache-paths, --no-prune, --distance-table, --no-smooth, --per-query, ...) take no
value: given, they turn their option on; left out, the default holds. --x=VALUE is refused.

Files: a .map file is read up to ${flags.fileLimits.map} bytes, a .scen file up to ${flags.fileLimits.scenario} bytes,
a hierarchy file up to ${flags.fileLimits.hierarchy} bytes; larger ones are refused unread.

Terrain costs (build, scen): --costs S=3,T=1.5 multiplies the move costs over each terrain
character's cells (1/64 to 1024; '.' and 'G' are one kind); --cost-layer FILE takes width*height
bytes, row-major, each cell's multiplier in sixteenths (16: as its terrain; 1..255). With costs,
scen measures against A* on the weighted map (optimal_from: astar); a --hierarchy file brings its own.

For an agent other than size 1 on ground,swamp the file's lengths are not optima: scen counts found
and not found (a start or goal the agent cannot stand on is not found) and checks every path for the
agent's whole square.

algorithms (--algo):
${ALGORITHMS.map((a) => `${`  ${a.name}`.padEnd(12)}${a.doc}\n`).join('')}`;

/** The Moving AI agent as agentOf writes it: the one the scenario files are solved for. */
const MOVING_AI_AGENT_TEXT = `size ${DEFAULT_AGENT.size}, capability ${DEFAULT_AGENT.capability}`;

/** The terrain kinds in the core's order, for naming a capability as the native tool does. */
const KIND_NAMES = ['ground', 'swamp', 'water', 'trees'];

/** The planners of --algo that build an HPA* hierarchy (hpa, dhpa, auto). */
const HIERARCHY_ALGORITHMS = ALGORITHMS.filter((a) => a.optionTable === 'hierarchy').map((a) => a.name);

/** The option fields of an algorithm's option table. */
function optionTable(flags: PlannerFlags, table: AlgorithmSpec['optionTable']): readonly RawOptionField[] {
  return table === '' ? [] : flags[table];
}

/** The planners' options that take no value. */
function plannerSwitches(flags: PlannerFlags): Set<string> {
  return new Set(ALGORITHMS.flatMap((a) => [...optionSwitches(optionTable(flags, a.optionTable)), ...a.flags.filter((f) => f.package && f.kind === 'switch').map((f) => f.name)]));
}

/** The options that `algo` takes beyond the command's own: its option table's and its own flags. */
function plannerOptions(flags: PlannerFlags, algo: string): string[] {
  const spec = ALGORITHMS.find((a) => a.name === algo);
  if (spec === undefined) return [];
  return [...optionFlags(optionTable(flags, spec.optionTable)).filter((o) => o !== spec.notTaken), ...spec.flags.filter((f) => f.package).map((f) => f.name)];
}

/** The help lines of the flags `algo` takes beyond its option table (--no-smooth, --size, ...). */
function plannerFlagsHelp(algo: string): string {
  return (ALGORITHMS.find((a) => a.name === algo)?.flags ?? []).filter((f) => f.package).map((f) => flagHelp(f, '  ', 28)).join('');
}

/**
 * The hierarchy options of `algo` (the API checks them again): `auto` passes only those given, so that
 * HPAStar.build chooses the others for the map; `hpa` and `dhpa` (with the trees) start from the
 * paper's defaults, as the native tool does.
 */
function hierarchyOptions(hp: Hpastar, flags: PlannerFlags, algo: string, cmd: CommandLine): HierarchyOptions {
  const given = readOptionFlags(cmd, flags.hierarchy) as HierarchyOptions;
  if (algo === 'auto') return given;
  return { ...hp.HPAStar.defaultOptions, ...given, cacheTrees: algo === 'dhpa' };
}

function shpaOptions(flags: PlannerFlags, cmd: CommandLine): ShpaOptions {
  return readOptionFlags(cmd, flags.shpa) as ShpaOptions;
}

/** The agent of aa and haa: --size and --capability (its names in the core's order, as the native tool writes them). */
function agentOf(cmd: CommandLine): { size: number; capability: string; text: string } {
  // aa's flags: every planner that takes an agent takes the same range and default.
  const aa = ALGORITHMS.find((a) => a.name === 'aa')!.flags;
  const sizeFlag = aa.find((f) => f.name === 'size')!;
  const size = cmd.int('size', Number(sizeFlag.default), sizeFlag.min, sizeFlag.max);
  const given = cmd.string('capability', String(aa.find((f) => f.name === 'capability')!.default));
  const names = given.split(',').map((n) => n.trim());
  const unknown = names.find((n) => !KIND_NAMES.includes(n));
  if (unknown !== undefined || new Set(names).size !== names.length) {
    throw new UsageError(`--capability: capability "${given}": ${unknown !== undefined ? `unknown terrain "${unknown}"` : 'a terrain named twice'} (known: ${KIND_NAMES.join(', ')})`);
  }
  const capability = KIND_NAMES.filter((n) => names.includes(n)).join(',');
  return { size, capability, text: `size ${size}, capability ${capability}` };
}

/** A search for an agent: a start or goal it cannot stand on is an answer (not found), as natively. */
function agentSearch(search: () => PathResult): PathResult {
  try {
    return search();
  } catch (error) {
    if (!(error instanceof PathQueryError)) throw error;
    const stats = { expandedInsertion: 0, expandedMain: 0, expandedRefinement: 0, abstractPathNodes: 0 };
    return { found: false, status: 'no path', cost: Infinity, cells: new Int32Array(0), stats, expanded: 0 };
  }
}

function loadGrid(hp: Hpastar, flags: PlannerFlags, path: string): Grid {
  const text = readBounded(path, flags.fileLimits.map, 'map').toString('utf8');
  try {
    return hp.Grid.fromMovingAI(text, path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError((error as Error).message);
  }
}

/**
 * Terrain costs from the command line, as the native tool takes them: `--costs S=3,T=1.5` (the core's
 * grammar) and `--cost-layer FILE` (width * height bytes, each 1..255 sixteenths).
 */
function applyTerrainCostOptions(hp: Hpastar, cmd: CommandLine, grid: Grid): void {
  const costs = cmd.string('costs', '');
  if (cmd.has('costs')) {
    const parsed = rawModuleOf(hp).parseTerrainCosts(costs);
    if ('error' in parsed) throw new UsageError(`--costs: ${parsed.error}`);
    grid.setTerrainCosts(costTableOf(parsed.multipliers));
  }
  const layerPath = cmd.string('cost-layer', '');
  if (layerPath) {
    const cells = grid.width * grid.height;
    const bytes = readBounded(layerPath, cells, 'cost layer');
    try {
      grid.setCostLayer(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    } catch (error) {
      throw new InputError(`${layerPath}: ${(error as Error).message.replace(/^Grid\.setCostLayer: /, '')}`);
    }
  }
}

/** Runs a planner-building call; the API's RangeError (an option out of range) is a usage error. */
function building<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new UsageError(error.message.replace(/^\w+\.build: /, ''));
    throw error;
  }
}

interface Planner {
  findPath(start: { x: number; y: number }, goal: { x: number; y: number }): PathResult;
  dispose(): void;
}

function runBuild(hp: Hpastar, flags: PlannerFlags, spec: CommandSpec, args: readonly string[]): number {
  const cmd = new CommandLine(args, spec, plannerSwitches(flags));
  if (cmd.positional.length !== 1) throw new UsageError('build needs exactly one FILE.map');
  const algo = cmd.text('algo');
  if (!HIERARCHY_ALGORITHMS.includes(algo)) {
    throw new UsageError(algo === 'shpa'
      ? '--algo shpa: SHPA* has no serialized form (its build is fast: run scen --algo shpa directly)'
      : `build writes hpa, dhpa or auto hierarchies, not "${algo}"`);
  }
  cmd.rejectUnknown(new Set(plannerOptions(flags, algo).filter((o) => o !== 'no-smooth')));
  const out = cmd.text('out');
  if (!out) throw new UsageError('build needs -o FILE.hpa');
  const mapPath = cmd.positional[0]!;
  using grid = loadGrid(hp, flags, mapPath);
  applyTerrainCostOptions(hp, cmd, grid);
  const options = hierarchyOptions(hp, flags, algo, cmd);
  // --size and --capability: the hierarchy of that agent class (the file keeps it).
  const agent = agentOf(cmd);
  using classGrid = agent.text === MOVING_AI_AGENT_TEXT ? null : hp.Grid.forAgent(grid, agent);
  const t0 = performance.now();
  using planner = building(() => hp.HPAStar.build(classGrid ?? grid, options));
  const buildMs = performance.now() - t0;
  const bytes = planner.serialize();
  try {
    writeFileSync(out, bytes);
  } catch (error) {
    throw new InputError(`cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const s = planner.stats;
  console.log(jsonLine([
    ['algo', algo],
    ['map', baseName(mapPath)],
    ['out', out],
    ['file_bytes', { int: bytes.length }],
    ['build_ms', buildMs],
    ['bytes', { int: s.bytes }],
    ['grid_bytes', { int: s.gridBytes }],
    ['entrances', { int: s.entrances }],
    ['distance_table_nodes', { int: s.distanceTableNodes }],
    ['components', { int: s.components }],
    ['levels', { int: s.levels.length }],
    ['nodes', { int: s.levels[0]?.nodes ?? 0 }],
  ]));
  return 0;
}

type Agent = ReturnType<typeof agentOf>;

function runScen(hp: Hpastar, flags: PlannerFlags, spec: CommandSpec, args: readonly string[]): number {
  const cmd = new CommandLine(args, spec, plannerSwitches(flags));
  if (cmd.positional.length !== 1) throw new UsageError('scen needs exactly one FILE.map.scen');
  const algo = cmd.text('algo');
  if (!ALGORITHMS.some((a) => a.name === algo)) throw new UsageError(`unknown algorithm "${algo}" (known: ${ALGORITHMS.map((a) => a.name).join(', ')})`);
  const hierarchyFile = cmd.text('hierarchy');
  if (hierarchyFile && algo !== 'hpa' && algo !== 'dhpa') throw new UsageError(`--hierarchy is for hpa and dhpa, not ${algo}`);
  // A hierarchy file brings its own options and terrain costs.
  const known = new Set(plannerOptions(flags, algo));
  if (hierarchyFile) for (const o of optionFlags(flags.hierarchy)) known.delete(o);
  cmd.rejectUnknown(known);
  const costFlag = ['costs', 'cost-layer'].find((o) => cmd.has(o));
  if (hierarchyFile && costFlag) throw new UsageError(`--${costFlag}: the hierarchy file brings its own terrain costs`);

  const scenPath = cmd.positional[0]!;
  let mapPath = cmd.text('map');
  if (!mapPath) {
    if (!scenPath.endsWith('.scen') || scenPath.length <= 5) throw new InputError(`${scenPath}: cannot find its map (name does not end in .scen); pass --map FILE.map`);
    mapPath = scenPath.slice(0, -'.scen'.length);
  }
  using grid = loadGrid(hp, flags, mapPath);
  applyTerrainCostOptions(hp, cmd, grid);
  const scenText = readBounded(scenPath, flags.fileLimits.scenario, 'scenario').toString('utf8');
  let scenarios = readScenarios(hp, scenText, scenPath, grid, mapPath);
  const minBucket = cmd.integer('min-bucket');
  const limit = cmd.integer('limit');
  const perQuery = cmd.has('per-query');
  const warmup = cmd.integer('warmup');
  scenarios = scenarios.filter((s) => s.bucket >= minBucket);
  if (limit >= 0 && scenarios.length > limit) scenarios = scenarios.slice(0, limit);

  // aa and haa always name their agent; hpa, dhpa and auto only one other than the Moving AI agent (as natively).
  const named = algo === 'aa' || algo === 'haa' || HIERARCHY_ALGORITHMS.includes(algo) ? agentOf(cmd) : null;
  const agent = named && (algo === 'aa' || algo === 'haa' || named.text !== MOVING_AI_AGENT_TEXT) ? named : null;
  // The file's lengths are optima for one cell of ground and swamp only (as natively).
  const haveOptima = agent === null || agent.text === MOVING_AI_AGENT_TEXT;
  const buildStart = performance.now();
  const { planner, optionsJson } = scenPlanner(hp, flags, cmd, { algo, grid, agent, hierarchyFile, mapPath });
  const buildMs = performance.now() - buildStart;
  // The core runs, times and checks the queries and sums the figures (batch/ScenarioRun.h), as for
  // the native tool: this side only calls the planner and prints.
  let run;
  try {
    run = runScenarios(hp, planner, grid, scenarios, { agent: agent ?? DEFAULT_AGENT, haveOptima, warmup });
  } finally {
    planner.dispose();
  }
  const { found, unsolved, invalid, expandedSum, meanSubopt, maxSubopt, maxRelErr, usTotal } = run.summary;
  const lines = perQuery ? queryLines(scenarios, run.outcomes, haveOptima) : [];
  const n = scenarios.length;
  lines.push(jsonLine([
    ['algo', algo],
    ['map', baseName(mapPath)],
    ...(agent ? [['agent', agent.text] as const] : []),
    ...(optionsJson ? [['options', { json: optionsJson }] as const] : []),
    ['queries', { int: n }],
    ['found', { int: found }],
    ...(haveOptima
      ? ([['unsolved', { int: unsolved }], ['invalid', { int: invalid }], ['mean_subopt', meanSubopt], ['max_subopt', maxSubopt], ['max_rel_err', maxRelErr]] as const)
      : ([['not_found', { int: unsolved }], ['invalid', { int: invalid }]] as const)),
    ['build_ms', buildMs],
    ['query_us_total', usTotal],
    ['query_us_mean', n > 0 ? usTotal / n : 0],
    ['expanded_mean', n > 0 ? expandedSum / n : 0],
    ['optimal_from', !haveOptima ? 'none' : grid.weighted ? 'astar' : 'scenario file'],
    ...(haveOptima ? [] : [['note', 'no ground truth for this agent: the file\'s lengths are for one cell of ground,swamp; found and not found are counted (a start or goal it cannot stand on counts as not found) and every path is checked for its footprint'] as const]),
  ]));
  process.stdout.write(`${lines.join('\n')}\n`);
  // Without ground truth a path not found is an answer, not a failure; an invalid path always is one.
  return invalid === 0 && (!haveOptima || unsolved === 0) ? 0 : 3;
}

/** The planner that scen times, built for `algo` (or an HPA* hierarchy loaded), and its options as JSON for HPA* and HAA*. */
function scenPlanner(
  hp: Hpastar,
  flags: PlannerFlags,
  cmd: CommandLine,
  { algo, grid, agent, hierarchyFile, mapPath }: { algo: string; grid: Grid; agent: Agent | null; hierarchyFile: string; mapPath: string },
): { planner: Planner; optionsJson: string } {
  const smooth = !cmd.has('no-smooth');
  if (algo === 'astar') {
    const astar = new hp.AStar();
    return { planner: { findPath: (s, g) => astar.findPath(grid, s, g), dispose: () => astar.dispose() }, optionsJson: '' };
  } else if (algo === 'jps') {
    const jps = new hp.JPS();
    return { planner: { findPath: (s, g) => jps.findPath(grid, s, g), dispose: () => jps.dispose() }, optionsJson: '' };
  } else if (algo === 'jpsplus') {
    const plus = building(() => hp.JPSPlus.build(grid));
    return { planner: { findPath: (s, g) => plus.findPath(s, g), dispose: () => plus.dispose() }, optionsJson: '' };
  } else if (agent && algo === 'aa') {
    const aa = building(() => hp.AnnotatedAStar.build(grid, agent.capability));
    return { planner: { findPath: (s, g) => agentSearch(() => aa.findPath(s, g, agent.size)), dispose: () => aa.dispose() }, optionsJson: '' };
  } else if (agent && algo === 'haa') {
    const haa = building(() => hp.HAAStar.build(grid, readOptionFlags(cmd, flags.haa) as HaaOptions));
    const problem = haa.agentProblem(agent);
    if (problem) {
      haa.dispose();
      throw new UsageError(`--size/--capability: ${problem}`);
    }
    return { planner: { findPath: (s, g) => agentSearch(() => haa.findPath(s, g, agent)), dispose: () => haa.dispose() }, optionsJson: JSON.stringify(haa.options) };
  } else if (algo === 'shpa') {
    const options = shpaOptions(flags, cmd);
    const shpa = building(() => hp.SHPAStar.build(grid, options));
    return { planner: { findPath: (s, g) => shpa.findPath(s, g, { smooth }), dispose: () => shpa.dispose() }, optionsJson: '' };
  }
  let h;
  if (hierarchyFile) {
    h = loadHierarchy(hp, flags, hierarchyFile, grid, { algo, agent, mapPath });
  } else {
    const options = hierarchyOptions(hp, flags, algo, cmd);
    // Another agent class: the hierarchy of the grid made for it.
    using classGrid = agent ? hp.Grid.forAgent(grid, agent) : null;
    h = building(() => hp.HPAStar.build(classGrid ?? grid, options));
  }
  const hpa = h;
  // For another agent class, a start or goal the agent cannot stand on is an answer (not found).
  const find = (s: Point, g: Point) => hpa.findPath(s, g, { smooth });
  return { planner: { findPath: agent ? (s, g) => agentSearch(() => find(s, g)) : find, dispose: () => hpa.dispose() }, optionsJson: JSON.stringify(hpa.options) };
}

/** scen --hierarchy: the planner loaded from its file, which must be of the map, the algorithm and the agent class asked for. */
function loadHierarchy(hp: Hpastar, flags: PlannerFlags, hierarchyFile: string, grid: Grid, { algo, agent, mapPath }: { algo: string; agent: Agent | null; mapPath: string }) {
  const bytes = readBounded(hierarchyFile, flags.fileLimits.hierarchy, 'hierarchy');
  let hpa;
  try {
    hpa = hp.HPAStar.load(bytes);
  } catch (error) {
    throw new InputError(`${hierarchyFile}: ${(error as Error).message}`);
  }
  const trees = hpa.options.cacheTrees;
  const { width, height } = hpa;
  const terrain = hpa.terrain();
  const gridTerrain = grid.terrain();
  const otherMap = width !== grid.width || height !== grid.height || terrain.some((v, i) => v !== gridTerrain[i]);
  const saved = `size ${hpa.agent.size}, capability ${hpa.agent.capability}`;
  const wanted = agent?.text ?? MOVING_AI_AGENT_TEXT;
  if (otherMap || trees !== (algo === 'dhpa') || saved !== wanted) {
    hpa.dispose();
    throw new InputError(otherMap
      ? `${hierarchyFile}: the hierarchy is of another map (${width}x${height}), not of ${baseName(mapPath)}`
      : saved !== wanted
        ? `${hierarchyFile}: the hierarchy was built for the agent of ${saved}, not ${wanted}`
        : `${hierarchyFile}: the hierarchy was built for ${trees ? 'dhpa' : 'hpa'}, not ${algo}`);
  }
  // Its terrain costs are the ones searched: paths are checked, and optima found, under them.
  grid.setTerrainCosts(hpa.terrainCosts);
  grid.setCostLayer(hpa.costLayer());
  return hpa;
}

/** Runs `planner` on every scenario through the core's runner (batch/ScenarioRun.h): times, checks, figures. */
function runScenarios(
  hp: Hpastar,
  planner: Planner,
  grid: Grid,
  scenarios: readonly Scenario[],
  { agent, haveOptima, warmup }: { agent: { size: number; capability: string }; haveOptima: boolean; warmup: number },
): { outcomes: RawScenarioOutcomes; summary: RawScenarioSummary } {
  const columns = {
    start: Int32Array.from(scenarios.flatMap((s) => [s.sx, s.sy])),
    goal: Int32Array.from(scenarios.flatMap((s) => [s.gx, s.gy])),
    optimal: Float64Array.from(scenarios, (s) => s.optimal),
  };
  const settings = { size: agent.size, capability: agent.capability, haveOptima, warmup, passes: 1 };
  const run = rawModuleOf(hp).runScenarios(rawGrid(grid, 'scen'), columns, settings, (sx, sy, gx, gy) => planner.findPath({ x: sx, y: sy }, { x: gx, y: gy }));
  if ('error' in run) throw new UsageError(`--size/--capability: ${run.error}`);
  return run;
}

/** With --per-query, one JSON line per scenario, as the native tool prints them. */
function queryLines(scenarios: readonly Scenario[], o: RawScenarioOutcomes, haveOptima: boolean): string[] {
  return scenarios.map((s, i) => {
    const q: [string, JsonField][] = [
      ['line', { int: s.line }], ['bucket', { int: s.bucket }], ['sx', { int: s.sx }], ['sy', { int: s.sy }],
      ['gx', { int: s.gx }], ['gy', { int: s.gy }], ...(haveOptima ? [['optimal', o.optimal[i]!] as [string, JsonField]] : []),
      ['found', o.found[i] === 1], ['length', o.length[i]!], ...(haveOptima ? [['subopt', o.subopt[i]!] as [string, JsonField]] : []), ['valid', o.valid[i] === 1], ['us', o.us[i]!],
      ['expanded_sg', { int: o.expandedInsertion[i]! }], ['expanded_main', { int: o.expandedMain[i]! }], ['expanded_refine', { int: o.expandedRefinement[i]! }],
    ];
    if (o.problems[i]) q.push(['problem', o.problems[i]!]);
    return jsonLine(q);
  });
}

/** Runs the tool with `args` (without `node` and the script); resolves to the exit status. */
async function main(args: readonly string[]): Promise<number> {
  const command = args[0];
  try {
    // The module first: the options, their ranges and their help are read from its tables.
    const hp = await loadHpastar();
    const flags = plannerFlags(hp);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      (command === undefined ? process.stderr : process.stdout).write(usage(flags));
      return command === undefined ? 2 : 0;
    }
    const spec = packageCommand(command);
    if (spec === undefined) throw new UsageError(`unknown command "${command}"`);
    const run = { build: runBuild, scen: runScen, gen3d: (hp: Hpastar, _: PlannerFlags, s: CommandSpec, a: readonly string[]) => runGen3d(hp, s, a), 'world-compare': (hp: Hpastar, _: PlannerFlags, s: CommandSpec, a: readonly string[]) => runWorldCompare(hp, s, a) }[command];
    if (run === undefined) throw new Error(`the command table's "${command}" has no runner in hpastar`);
    return run(hp, flags, spec, args.slice(1));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`hpastar: ${error.message}\n(hpastar --help for usage)\n`);
      return 2;
    }
    if (error instanceof InputError) {
      process.stderr.write(`hpastar: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`hpastar: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
