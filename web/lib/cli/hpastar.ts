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
 * unsolved or found an invalid path.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { RawOptionField } from 'hpastar:raw';
import { rawModuleOf } from '../bind.ts';
import { loadHpastar, PathQueryError, type Grid, type HaaOptions, type Hpastar, type HierarchyOptions, type PathResult, type Point, type ShpaOptions } from '../index.ts';
import { costTableOf } from '../internal.ts';
import { DEFAULT_AGENT } from '../generated/contract.ts';
import { CommandLine, UsageError } from './commandLine.ts';
import { baseName, footprintProblem, InputError, jsonLine, pathProblem, readBounded, readScenarios, type JsonField, type Scenario } from './movingai.ts';
import { optionFlags, optionFlagsHelp, optionSwitches, readOptionFlags } from './optionFlags.ts';
import { runGen3d, runWorldCompare, WORLD_USAGE } from './world.ts';

/** The planners' command-line options, as the core declares them (the module's option tables). */
interface PlannerFlags {
  readonly hierarchy: readonly RawOptionField[];
  readonly shpa: readonly RawOptionField[];
  readonly haa: readonly RawOptionField[];
  /** The block world hierarchy's options (world-compare). */
  readonly world: readonly RawOptionField[];
  /** The largest agent side of aa and haa. */
  readonly maxAgentSize: number;
  /** The largest files read, in bytes: the module's limits (cpp/io/FileLimits.h), and for a hierarchy file the default memory budget. */
  readonly fileLimits: { readonly map: number; readonly scenario: number; readonly hierarchy: number };
}

function plannerFlags(hp: Hpastar): PlannerFlags {
  const module = rawModuleOf(hp);
  const hierarchy = module.hierarchyOptionFields();
  const { maxMapFileBytes, maxScenarioFileBytes } = module.limits();
  const budget = Number(hierarchy.find((f) => f.name === 'memoryBudgetMiB')?.default);
  return { hierarchy, shpa: module.shpaOptionFields(), haa: module.haaOptionFields(), world: module.worldOptionFields(), maxAgentSize: module.maxAgentSize(), fileLimits: { map: maxMapFileBytes, scenario: maxScenarioFileBytes, hierarchy: budget * 2 ** 20 } };
}

/** The query's switch, beside the planners' options. */
const NO_SMOOTH_HELP = `${'  --no-smooth'.padEnd(28)} leave the refined path unsmoothed\n`;

const usage = (flags: PlannerFlags) => `usage: hpastar <command> [arguments]

commands:
  build FILE.map -o FILE.hpa [--algo hpa|dhpa|auto] [hpa options]
      Builds the hierarchy and writes it (versioned, checksummed) for HPAStar.load or --hierarchy;
      prints one JSON line: sizes, build time.

  scen FILE.map.scen [--map FILE.map] --algo A [--min-bucket B] [--limit N] [--per-query]
       [--hierarchy FILE.hpa] [--warmup N] [options]
      Runs the scenarios, checks every path (cells, corners, cost); prints one JSON line per query
      with --per-query, then a JSON summary, as the native hpa tool does. Without --map the map is
      FILE.map beside the scenario file. --hierarchy loads a file written by build (hpa, dhpa)
      instead of building. --warmup N first runs the scenarios N times untimed (V8 compiles the
      wasm in tiers: the first pass is slower; default 0, as natively). Exit status 3 when a
      scenario is unsolved or a path is invalid.

Block worlds (layered 3D, the format of BlockWorld.parse):
${WORLD_USAGE}
world options (world-compare: the block world's hierarchy of boxes):
${optionFlagsHelp(flags.world)}
auto: the HPA* family with the options hpastar picks for the map (HPAStar.chooseOptions: DHPA*
trees, landmarks, a cluster side from the map's borders, the distance table when
--terrain-changes rarely; the default hint is often); scen prints the options used. Any option
below overrides its choice. hpa and dhpa start from the paper's defaults instead.

hpa, dhpa and auto options (dhpa: HPA* with shortest-path trees; --terrain-changes: auto only):
${optionFlagsHelp(flags.hierarchy)}${NO_SMOOTH_HELP}${CLASS_HELP}
shpa options (static maps only):
${optionFlagsHelp(flags.shpa)}${NO_SMOOTH_HELP}
aa and haa options (an agent: a square of --size cells standing on the terrain of --capability):
${AGENT_HELP(flags)}${optionFlagsHelp(flags.haa)}
Switches (--cache-paths, --no-prune, --distance-table, --no-smooth, --per-query, ...) take no
value: given, they turn their option on; left out, the default holds. --x=VALUE is refused.

Files: a .map file is read up to ${flags.fileLimits.map} bytes, a .scen file up to ${flags.fileLimits.scenario} bytes,
a hierarchy file up to ${flags.fileLimits.hierarchy} bytes; larger ones are refused unread.

Terrain costs (build, scen): --costs S=3,T=1.5 multiplies the move costs over each terrain
character's cells (1/64 to 1024; '.' and 'G' are one kind); --cost-layer FILE takes width*height
bytes, row-major, each cell's multiplier in sixteenths (16: as its terrain; 1..255). With costs,
scen measures against A* on the weighted map (optimal_from: astar); a --hierarchy file brings its own.

algorithms: astar, jps, jpsplus (Jump Point Search; JPS+ with its jump table: static maps), hpa,
dhpa (HPA* with shortest-path trees), auto (the options chosen for the map), shpa (static maps),
aa (Annotated A*: optimal for a square agent), haa (HAA*: hierarchical, for agents of sizes 1 to
--max-size and any capability). For an agent other than size 1 on ground,swamp the file's lengths are
not optima: scen counts found and not found (a start or goal the agent cannot stand on is not found)
and checks every path for the agent's whole square.
`;

/** The agent class of hpa, dhpa and auto: the hierarchy is built on the grid made for it (Grid.forAgent). */
const CLASS_HELP =
  `${'  --size S'.padEnd(28)} the agent class the hierarchy is built for, as for aa below (paths\n` +
  `${'  --capability NAMES'.padEnd(28)} are then checked for the agent's whole square)\n`;

/** The agent's options of aa and haa. */
const AGENT_HELP = (flags: PlannerFlags) =>
  `${'  --size S'.padEnd(28)} side of the agent's square, its top-left cell the path's cell (1..${flags.maxAgentSize}, default 1)\n` +
  `${'  --capability NAMES'.padEnd(28)} terrain it may stand on, a comma list of ground, swamp, water, trees (default ground,swamp)\n`;

/** The Moving AI agent as agentOf writes it: the one the scenario files are solved for. */
const MOVING_AI_AGENT_TEXT = `size ${DEFAULT_AGENT.size}, capability ${DEFAULT_AGENT.capability}`;

/** The terrain kinds in the core's order, for naming a capability as the native tool does. */
const KIND_NAMES = ['ground', 'swamp', 'water', 'trees'];


const ALGORITHMS = ['astar', 'jps', 'jpsplus', 'hpa', 'dhpa', 'auto', 'shpa', 'aa', 'haa'];
const HIERARCHY_ALGORITHMS = ['hpa', 'dhpa', 'auto'];

/** The options that take no value, of every planner and command. */
function switches(flags: PlannerFlags): Set<string> {
  return new Set(['per-query', 'no-smooth', ...optionSwitches(flags.hierarchy), ...optionSwitches(flags.shpa), ...optionSwitches(flags.haa)]);
}

/** The options that `algo` takes beyond the command's own. */
function plannerOptions(flags: PlannerFlags, algo: string): string[] {
  if (HIERARCHY_ALGORITHMS.includes(algo)) {
    // The hint only steers the automatic choice.
    return [...optionFlags(flags.hierarchy).filter((o) => algo === 'auto' || o !== 'terrain-changes'), 'no-smooth', 'size', 'capability'];
  }
  if (algo === 'shpa') return [...optionFlags(flags.shpa), 'no-smooth'];
  if (algo === 'aa') return ['size', 'capability'];
  if (algo === 'haa') return [...optionFlags(flags.haa), 'size', 'capability'];
  return [];
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
function agentOf(flags: PlannerFlags, cmd: CommandLine): { size: number; capability: string; text: string } {
  const size = cmd.int('size', 1, 1, flags.maxAgentSize);
  const given = cmd.string('capability', DEFAULT_AGENT.capability);
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

function runBuild(hp: Hpastar, flags: PlannerFlags, args: readonly string[]): number {
  const cmd = new CommandLine(args, switches(flags));
  if (cmd.positional.length !== 1) throw new UsageError('build needs exactly one FILE.map');
  const algo = cmd.string('algo', 'hpa');
  if (!HIERARCHY_ALGORITHMS.includes(algo)) {
    throw new UsageError(algo === 'shpa'
      ? '--algo shpa: SHPA* has no serialized form (its build is fast: run scen --algo shpa directly)'
      : `build writes hpa, dhpa or auto hierarchies, not "${algo}"`);
  }
  cmd.rejectUnknown(new Set(['algo', 'out', 'costs', 'cost-layer', ...plannerOptions(flags, algo).filter((o) => o !== 'no-smooth')]));
  const out = cmd.string('out', '');
  if (!out) throw new UsageError('build needs -o FILE.hpa');
  const mapPath = cmd.positional[0]!;
  using grid = loadGrid(hp, flags, mapPath);
  applyTerrainCostOptions(hp, cmd, grid);
  const options = hierarchyOptions(hp, flags, algo, cmd);
  // --size and --capability: the hierarchy of that agent class (the file keeps it).
  const agent = agentOf(flags, cmd);
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

function runScen(hp: Hpastar, flags: PlannerFlags, args: readonly string[]): number {
  const cmd = new CommandLine(args, switches(flags));
  if (cmd.positional.length !== 1) throw new UsageError('scen needs exactly one FILE.map.scen');
  const algo = cmd.string('algo', 'astar');
  if (!ALGORITHMS.includes(algo)) throw new UsageError(`unknown algorithm "${algo}" (known: ${ALGORITHMS.join(', ')})`);
  const hierarchyFile = cmd.string('hierarchy', '');
  if (hierarchyFile && algo !== 'hpa' && algo !== 'dhpa') throw new UsageError(`--hierarchy is for hpa and dhpa, not ${algo}`);
  const known = new Set(['algo', 'map', 'min-bucket', 'limit', 'per-query', 'hierarchy', 'warmup', 'costs', 'cost-layer', ...plannerOptions(flags, algo)]);
  if (hierarchyFile) for (const o of [...optionFlags(flags.hierarchy), 'costs', 'cost-layer']) known.delete(o);
  cmd.rejectUnknown(known);

  const scenPath = cmd.positional[0]!;
  let mapPath = cmd.string('map', '');
  if (!mapPath) {
    if (!scenPath.endsWith('.scen') || scenPath.length <= 5) throw new InputError(`${scenPath}: cannot find its map (name does not end in .scen); pass --map FILE.map`);
    mapPath = scenPath.slice(0, -'.scen'.length);
  }
  using grid = loadGrid(hp, flags, mapPath);
  applyTerrainCostOptions(hp, cmd, grid);
  const scenText = readBounded(scenPath, flags.fileLimits.scenario, 'scenario').toString('utf8');
  let scenarios = readScenarios(hp, scenText, scenPath, grid, mapPath);
  const minBucket = cmd.int('min-bucket', 0, 0, 2 ** 30);
  const limit = cmd.int('limit', -1, -1, 2 ** 40);
  const perQuery = cmd.has('per-query');
  const warmup = cmd.int('warmup', 0, 0, 100);
  scenarios = scenarios.filter((s) => s.bucket >= minBucket);
  if (limit >= 0 && scenarios.length > limit) scenarios = scenarios.slice(0, limit);

  // aa and haa always name their agent; hpa, dhpa and auto only one other than the Moving AI agent (as natively).
  const named = algo === 'aa' || algo === 'haa' || HIERARCHY_ALGORITHMS.includes(algo) ? agentOf(flags, cmd) : null;
  const agent = named && (algo === 'aa' || algo === 'haa' || named.text !== MOVING_AI_AGENT_TEXT) ? named : null;
  // The file's lengths are optima for one cell of ground and swamp only (as natively).
  const haveOptima = agent === null || agent.text === MOVING_AI_AGENT_TEXT;
  const buildStart = performance.now();
  const { planner, optionsJson } = scenPlanner(hp, flags, cmd, { algo, grid, agent, hierarchyFile, mapPath });
  const buildMs = performance.now() - buildStart;
  // As natively: with terrain costs the file's optimal lengths are not the optima; A* on the weighted
  // grid gives them.
  if (grid.weighted && haveOptima) {
    using astar = new hp.AStar();
    scenarios = scenarios.map((s) => {
      const optimum = astar.findPath(grid, { x: s.sx, y: s.sy }, { x: s.gx, y: s.gy });
      return { ...s, optimal: optimum.found ? optimum.cost : 0 };
    });
  }
  const lines: string[] = [];
  let tally: ScenTally;
  try {
    tally = runScenarios(hp, planner, grid, scenarios, { agent, haveOptima, perQuery, warmup }, lines);
  } finally {
    planner.dispose();
  }
  const { found, unsolved, invalid, expandedSum, subSum, subMax, relErrMax, usTotal } = tally;
  const n = scenarios.length;
  lines.push(jsonLine([
    ['algo', algo],
    ['map', baseName(mapPath)],
    ...(agent ? [['agent', agent.text] as const] : []),
    ...(optionsJson ? [['options', { json: optionsJson }] as const] : []),
    ['queries', { int: n }],
    ['found', { int: found }],
    ...(haveOptima
      ? ([['unsolved', { int: unsolved }], ['invalid', { int: invalid }], ['mean_subopt', found ? subSum / found : 0], ['max_subopt', subMax], ['max_rel_err', relErrMax]] as const)
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

/** What scen counts over its scenarios. */
interface ScenTally {
  found: number;
  unsolved: number;
  invalid: number;
  expandedSum: number;
  subSum: number;
  subMax: number;
  relErrMax: number;
  usTotal: number;
}

/**
 * Times `planner` on every scenario (after `warmup` untimed rounds) and checks each path it finds; with
 * perQuery, a JSON line per scenario goes to `lines` (written out 256 at a time).
 */
function runScenarios(
  hp: Hpastar,
  planner: Planner,
  grid: Grid,
  scenarios: readonly Scenario[],
  { agent, haveOptima, perQuery, warmup }: { agent: Agent | null; haveOptima: boolean; perQuery: boolean; warmup: number },
  lines: string[],
): ScenTally {
  const tally: ScenTally = { found: 0, unsolved: 0, invalid: 0, expandedSum: 0, subSum: 0, subMax: 0, relErrMax: 0, usTotal: 0 };
  for (let w = 0; w < warmup; w++) for (const s of scenarios) planner.findPath({ x: s.sx, y: s.sy }, { x: s.gx, y: s.gy });
  for (const s of scenarios) {
    const start = { x: s.sx, y: s.sy };
    const goal = { x: s.gx, y: s.gy };
    const t = performance.now();
    const result = planner.findPath(start, goal);
    const us = (performance.now() - t) * 1000;
    tally.usTotal += us;
    tally.expandedSum += result.expanded;
    let valid = true;
    let length = 0;
    let sub = 0;
    let problem: string | null = null;
    if (result.found) {
      tally.found++;
      problem = agent
        ? footprintProblem(hp, grid, agent, start, goal, result.cells, result.cost)
        : pathProblem(hp, grid, start, goal, result.cells, result.cost, 1e-9);
      valid = problem === null;
      length = result.cost;
      if (haveOptima) {
        const optimal = Math.max(s.optimal, 1e-12);
        sub = s.optimal > 0 ? (length - s.optimal) / optimal : length > 0 ? 1 : 0;
        tally.subSum += sub;
        tally.subMax = Math.max(tally.subMax, sub);
        tally.relErrMax = Math.max(tally.relErrMax, s.optimal > 0 ? Math.abs(length - s.optimal) / optimal : Math.abs(length));
      }
      if (!valid) tally.invalid++;
    } else {
      tally.unsolved++; // every Moving AI scenario has a path for its agent; another may have none
    }
    if (perQuery) {
      const q: [string, JsonField][] = [
        ['line', { int: s.line }], ['bucket', { int: s.bucket }], ['sx', { int: s.sx }], ['sy', { int: s.sy }],
        ['gx', { int: s.gx }], ['gy', { int: s.gy }], ...(haveOptima ? [['optimal', s.optimal] as [string, JsonField]] : []),
        ['found', result.found], ['length', length], ...(haveOptima ? [['subopt', sub] as [string, JsonField]] : []), ['valid', valid], ['us', us], ['expanded_sg', { int: result.stats.expandedInsertion }],
        ['expanded_main', { int: result.stats.expandedMain }], ['expanded_refine', { int: result.stats.expandedRefinement }],
      ];
      if (problem !== null) q.push(['problem', problem]);
      lines.push(jsonLine(q));
      if (lines.length >= 256) process.stdout.write(`${lines.splice(0).join('\n')}\n`);
    }
  }
  return tally;
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
    if (command === 'build') return runBuild(hp, flags, args.slice(1));
    if (command === 'scen') return runScen(hp, flags, args.slice(1));
    if (command === 'gen3d') return runGen3d(hp, args.slice(1));
    if (command === 'world-compare') return runWorldCompare(hp, args.slice(1));
    throw new UsageError(`unknown command "${command}"`);
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
