// Writes web/lib/generated/contract.ts from the built wasm module: the tables the core declares and the
// module exports (cpp/bindings/ContractBinding.cpp, the option tables of contract/OptionSchema.h), as
// TypeScript values and types, so that web/lib and the demo import them instead of copying them. The
// file is committed (tsc, vite and a fresh clone work before any wasm build); `npm run build:wasm` runs
// this script after every build, and tests/web/contract.test.ts fails when the file is out of date.
//   node scripts/generate-contract.mjs   (after the wasm build: it reads web/lib/wasm/hpastar.wasm)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONTRACT_FILE = fileURLToPath(new URL('../web/lib/generated/contract.ts', import.meta.url));

// Each planner's options: the module's function, the prefix of the tables, the interface's name.
const PLANNERS = [
  { fields: 'hierarchyOptionFields', prefix: 'HIERARCHY', type: 'HierarchyOptionFields', struct: 'HierarchyOptions (hpa/HierarchyOptions.h)' },
  { fields: 'shpaOptionFields', prefix: 'SHPA', type: 'ShpaOptionFields', struct: 'ShpaOptions (shpa/ShpaOptions.h)' },
  { fields: 'haaOptionFields', prefix: 'HAA', type: 'HaaOptionFields', struct: 'AnnotatedHierarchyOptions (haa/AnnotatedHierarchyOptions.h)' },
  { fields: 'worldOptionFields', prefix: 'WORLD', type: 'WorldHierarchyOptionFields', struct: 'WorldHierarchyOptions (world/WorldHierarchy.h)' },
];

const NO_UPPER_BOUND = 2 ** 31 - 1;

/** A string as a single-quoted TypeScript literal. */
const str = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const union = (names) => names.map(str).join(' | ');
const grouped = (n) => (Math.abs(n) >= 10000 ? n.toLocaleString('en-US') : String(n));

/** A value as a TypeScript literal: strings single-quoted, arrays and plain objects on one line. */
function literal(v) {
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${literal(x)}`).join(', ')} }`;
  return String(v);
}

/** `text` as a TSDoc comment indented by `indent`, wrapped at about 110 columns. */
function tsdoc(text, indent = '') {
  if (indent.length + text.length + 7 <= 110) return `${indent}/** ${text} */\n`;
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 110) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

/** A field's TypeScript type. */
function typeOf(f) {
  if (f.kind === 'integer' || f.kind === 'number') return 'number';
  return f.kind === 'boolean' ? 'boolean' : union(f.choices);
}

/** A field's documentation: its details (or its one line), its range and its default. */
function fieldDoc(f) {
  const text = f.details ?? `${f.doc[0].toUpperCase()}${f.doc.slice(1)}.`;
  const value = typeof f.default === 'string' ? `\`'${f.default}'\`` : String(f.default);
  if (f.kind !== 'integer' && f.kind !== 'number') return `${text} Default ${value}.`;
  const range = f.max >= NO_UPPER_BOUND ? `At least ${grouped(f.min)}` : `Range ${grouped(f.min)} to ${grouped(f.max)}`;
  return `${text} ${range}; default ${value}.`;
}

/** A planner's options as a TypeScript interface: every field optional, documented. */
function plannerInterfaceText(p, fields) {
  let out = `// ${p.struct}\n\n`;
  out += tsdoc(`The options of ${p.struct.split(' ')[0]}, every one optional, as the core declares them.`);
  out += `export interface ${p.type} {\n`;
  for (const f of fields) out += tsdoc(fieldDoc(f), '  ') + `  readonly ${f.name}?: ${typeOf(f)};\n`;
  return `${out}}\n\n`;
}

/**
 * The functions that derive each planner's kind, range and default tables from its rows: one copy in the
 * generated file for every planner, with types as exact as literal tables would have.
 */
function optionTableFunctionsText() {
  const fields = 'T extends readonly OptionField[]';
  const kinds = "{\n  readonly [F in T[number] as F['name']]: F['kind'] extends 'choice' ? F['choices'] : F['kind'];\n}";
  const numberName = "F['kind'] extends 'integer' | 'number' ? F['name'] : never";
  const ranges = `{\n  readonly [F in T[number] as ${numberName}]: {\n    readonly min: F['min'];\n    readonly max: F['max'];\n  };\n}`;
  const kindOf = "f.kind === 'choice' ? f.choices : f.kind";
  const numbers = "rows.filter((f) => f.kind === 'integer' || f.kind === 'number')";
  const defaults = 'Readonly<Required<Fields>>';
  let out = `${tsdoc('The kind of each field of a planner\'s rows: its kind, or a choice field\'s choices.')}export type OptionKindsOf<${fields}> = ${kinds};\n\n`;
  out += `${tsdoc('The inclusive range of each number field of a planner\'s rows (a max of 2^31 - 1: no upper bound).')}export type OptionRangesOf<${fields}> = ${ranges};\n\n`;
  out += `${tsdoc('How each field of a planner\'s rows is checked.')}function optionKinds<${fields}>(rows: T): OptionKindsOf<T> {\n  return Object.fromEntries(rows.map((f) => [f.name, ${kindOf}])) as OptionKindsOf<T>;\n}\n\n`;
  out += `${tsdoc('The range of each number field of a planner\'s rows.')}function optionRanges<${fields}>(rows: T): OptionRangesOf<T> {\n  const numbers = ${numbers};\n  return Object.fromEntries(numbers.map((f) => [f.name, { min: f.min, max: f.max }])) as OptionRangesOf<T>;\n}\n\n`;
  out += `${tsdoc('The core\'s default of each field of a planner\'s rows, frozen.')}function optionDefaults<Fields extends object>(rows: readonly OptionField[]): ${defaults} {\n  return Object.freeze(Object.fromEntries(rows.map((f) => [f.name, f.default]))) as ${defaults};\n}\n\n`;
  return out;
}

/**
 * Every planner's options: the interfaces, one table of rows (a row per field, as the core declares it),
 * and the tables derived from the rows by optionTableFunctionsText, a line per planner and table.
 */
function plannersText(module) {
  const planners = PLANNERS.map((p) => ({ ...p, fields: module[p.fields]() }));
  let out = optionTableFunctionsText();
  for (const p of planners) out += plannerInterfaceText(p, p.fields);
  out += '// Every planner\'s options, a row per field: name, label (in messages), command-line flag, kind, range,\n';
  out += '// default. The tables below are derived from these rows.\n';
  out += 'const OPTION_ROWS = {\n';
  for (const p of planners) {
    out += `  ${p.prefix}: [\n`;
    for (const f of p.fields) {
      const { name, label, cli, kind, min, max, switchSets, choices, doc } = f;
      out += `    ${literal({ name, label, cli, kind, min, max, switchSets, choices, default: f.default, doc })},\n`;
    }
    out += '  ],\n';
  }
  out += '} as const satisfies Record<string, readonly OptionField[]>;\n\n';
  const derived = [
    ['Every field of each planner\'s options (its rows).', (p) => `export const ${p.prefix}_OPTION_FIELDS: readonly OptionField[] = Object.freeze(OPTION_ROWS.${p.prefix});`],
    ['How each field of each planner\'s options is checked.', (p) => `export const ${p.prefix}_OPTION_KINDS = optionKinds(OPTION_ROWS.${p.prefix}) satisfies Record<keyof ${p.type}, OptionKind>;`],
    ['The inclusive range of each number field of each planner\'s options.', (p) => `export const ${p.prefix}_OPTION_RANGES = optionRanges(OPTION_ROWS.${p.prefix});`],
    ['The core\'s defaults of each planner\'s options.', (p) => `export const ${p.prefix}_OPTION_DEFAULTS = optionDefaults<${p.type}>(OPTION_ROWS.${p.prefix});`],
  ];
  for (const [doc, line] of derived) out += `// ${doc}\n${planners.map((p) => `${line(p)}\n`).join('')}\n`;
  return out;
}

function statusText(module) {
  const names = module.pathStatusNames();
  const codes = Object.entries(module.PathStatus)
    .filter(([key]) => key !== 'values')
    .map(([key, v]) => [key, v.value])
    .sort((a, b) => a[1] - b[1]);
  let out = '// Path statuses (search/PathResult.h)\n\n';
  out += tsdoc('The code of each path status, as a batch stores it.');
  out += 'export const PATH_STATUS_CODES = {\n';
  for (const [key, code] of codes) out += tsdoc(`Status ${code}: \`'${names[code]}'\`.`, '  ') + `  ${key}: ${code},\n`;
  out += '} as const;\n\n';
  out += tsdoc('The name of each path status, indexed by its code.');
  out += `export const PATH_STATUS_NAMES = ${literal(names)} as const;\n\n`;
  return out;
}

function endpointText(module) {
  const e = module.endpointRules();
  let out = '// Moving queries\' endpoints (grid/CellPicking.h)\n\n';
  out += tsdoc('The bits of the core\'s endpoint rule, by the search option that sets each.');
  out += `export const ENDPOINT_RULES = ${literal(e.rules)} as const;\n\n`;
  out += tsdoc('What moving a query\'s endpoints did, as bits (a batch\'s `snapped` array).');
  out += `export const ENDPOINT_MOVES = ${literal(e.moves)} as const;\n\n`;
  return out;
}

function buildPhaseText(module) {
  let out = '// Progress of long work (contract/Progress.h)\n\n';
  out += tsdoc('The phases of a build, in order, as `onProgress` hears them (a refresh of the heuristics has the last two).');
  out += `export const BUILD_PHASES = ${literal(module.buildPhases())} as const;\n\n`;
  return out;
}

function statusCodeText(module) {
  const s = module.statusContract();
  let out = '// Status codes (contract/Status.h) and how a failure crosses the boundary (bindings/Failure.h)\n\n';
  out += tsdoc('The kinds of status, by name: a status code\'s kind is `code >>> STATUS_KIND_SHIFT`; 0 is success.');
  out += 'export const STATUS_KINDS = {\n';
  s.kinds.forEach((name, value) => (out += `  ${name}: ${value},\n`));
  out += '} as const;\n\n';
  out += tsdoc('The name of a status kind.');
  out += 'export type StatusKindName = keyof typeof STATUS_KINDS;\n\n';
  out += tsdoc('The detail bits of a status code (`code & STATUS_DETAIL_MASK`): which endpoint, and why.');
  out += `export const STATUS_DETAILS = ${literal(s.details)} as const;\n\n`;
  out += tsdoc('Where the kind sits in a status code.');
  out += `export const STATUS_KIND_SHIFT = ${s.kindShift};\n\n`;
  out += tsdoc('The detail bits of a status code.');
  out += `export const STATUS_DETAIL_MASK = 0x${s.detailMask.toString(16)};\n\n`;
  out += tsdoc('The status code of each path status, indexed by the path status\'s code (PATH_STATUS_CODES).');
  out += `export const PATH_STATUS_STATUS_CODES = ${literal(s.pathStatusCodes)} as const;\n\n`;
  out += tsdoc('@internal What separates the fields of a failure string of the module: its code, its message, its figures.');
  out += `export const FAILURE_SEPARATOR = '\\u${s.separator.charCodeAt(0).toString(16).padStart(4, '0')}';\n\n`;
  return out;
}

function terrainText(module) {
  const t = module.terrainCharacters();
  const kinds = t.kinds.map((characters, i) => ({ name: t.names[i], characters, passable: [...characters].every((c) => t.passable.includes(c)) }));
  let out = '// Terrain (grid/Terrain.h) and limits (grid/Grid.h, io/FileLimits.h, grid/TerrainCosts.h, world/BlockWorld.h)\n\n';
  out += tsdoc('The name of a Moving AI terrain kind.');
  out += `export type TerrainKindName = ${union(t.names)};\n\n`;
  out += tsdoc('The terrain kinds in the core\'s order (that of the cost multipliers): their characters, and whether a grid\'s default capability stands on them.');
  out += 'export const TERRAIN_KIND_TABLE: readonly { readonly name: TerrainKindName; readonly characters: string; readonly passable: boolean }[] = [\n';
  for (const k of kinds) out += `  ${literal(k)},\n`;
  out += '];\n\n';
  out += tsdoc('The core\'s limits: grid sides and cells, file sizes, levels, terrain cost multipliers, the cost layer\'s unit.');
  out += `export const LIMITS = ${literal(module.limits())} as const;\n\n`;
  out += tsdoc('The largest agent side of Annotated A* and HAA*.');
  out += `export const MAX_AGENT_SIZE = ${module.maxAgentSize()};\n\n`;
  out += tsdoc('The Moving AI agent (one cell, ground and swamp): the agent class of every grid not made for another (Grid.forAgent).');
  out += `export const DEFAULT_AGENT = ${literal(module.defaultAgent())} as const;\n\n`;
  const world = module.worldLimits();
  const blocks = module.worldBlockKinds();
  out += tsdoc('What fills a block of a block world, by the core\'s names.');
  out += `export type BlockKindName = ${union(blocks.map((b) => b.name))};\n\n`;
  out += tsdoc('The kinds of generated block worlds.');
  out += `export type WorldKindName = ${union(world.kinds)};\n\n`;
  return out;
}

function moveText(module) {
  const m = module.moves();
  let out = '// Moves (grid/Moves.h, world/WorldMoves.h) and flow-field codes (flow/FlowField.h)\n\n';
  out += tsdoc('The 8 moves of a grid cell, by code, clockwise from north: move `d` goes by `(dx[d], dy[d])` and costs `cost[d]` (even codes straight, odd ones diagonal).');
  out += `export const GRID_MOVES = ${literal(m.grid)} as const;\n\n`;
  out += tsdoc('The 26 moves of a block world\'s cell, by code: 0..7 on a level as on a grid, 8..11 climbs up and 12..15 down (towards N, E, S, W), 16..19 stairs up and 20..23 down, 24 ladder up, 25 ladder down; move `m` goes by `(dx[m], dy[m], dz[m])` and costs `cost[m]`.');
  out += `export const WORLD_MOVES = ${literal(m.world)} as const;\n\n`;
  out += tsdoc('What a flow field holds for a cell without a move: the goal, a cell of another component or none to stand in (`noStep`), a cell of a cluster the field left out (`notComputed`).');
  out += `export const FLOW_CODES = ${literal({ noStep: m.noStep, notComputed: m.notComputed })} as const;\n\n`;
  out += tsdoc('What an edge of an exported abstract graph joins (`edgeKind`, inspect/AbstractGraphExport.h): two nodes of one cluster (`intra`), of two clusters on one floor (`inter`), of two clusters on different floors (`vertical`: a block world\'s climb, stair or ladder).');
  out += `export const EDGE_KINDS = ${literal(module.edgeKinds())} as const;\n\n`;
  return out;
}

/**
 * The flags that more than one command or planner has (the same flag to the letter), each to be written
 * once in FLAG: a map from a flag's literal to its name there (the flag's name in camelCase; a second flag of
 * that name gets the name of the first command or planner that has it: passesWorldSave).
 */
function sharedFlagNames(tables) {
  const seen = new Map();
  for (const entries of tables) for (const { flags } of entries) for (const f of flags) seen.set(literal(f), (seen.get(literal(f)) ?? 0) + 1);
  const names = new Map();
  const taken = new Set();
  const camel = (text) => text.replace(/-(\w)/g, (_, c) => c.toUpperCase());
  for (const entries of tables) for (const { name: owner, flags } of entries) for (const f of flags) {
    const key = literal(f);
    if (seen.get(key) < 2 || names.has(key)) continue;
    const base = camel(f.name);
    // A second flag of the same name is named after the first command or planner that has it.
    let name = taken.has(base) ? `${base}${camel(`-${owner}`)}` : base;
    for (let i = 2; taken.has(name); ++i) name = `${base}${i}`;
    taken.add(name);
    names.set(key, name);
  }
  return names;
}

/** FLAG: the shared flags, one line each. */
function sharedFlagText(names) {
  let out = tsdoc('The flags that more than one command or planner has, written once.');
  out += 'const FLAG = {\n';
  for (const [key, name] of names) out += `  ${name}: ${key},\n`;
  return `${out}} satisfies Record<string, CommandFlag>;\n\n`;
}

/**
 * A frozen array of entries that each hold a list of flags: an entry's fields on one line, then its flags,
 * a shared one by its name in FLAG and the others one line each.
 */
function flagTableText(name, type, entries, shared) {
  let out = `export const ${name}: readonly ${type}[] = Object.freeze([\n`;
  for (const { flags, ...entry } of entries) {
    const items = flags.map((f) => (shared.has(literal(f)) ? `FLAG.${shared.get(literal(f))}` : literal(f)));
    const fields = Object.entries(entry).map(([k, v]) => `${k}: ${literal(v)},`).join(' ');
    if (items.every((item) => item.startsWith('FLAG.'))) out += `  { ${fields} flags: [${items.join(', ')}] },\n`;
    else out += `  {\n    ${fields} flags: [\n${items.map((item) => `      ${item},\n`).join('')}    ],\n  },\n`;
  }
  return `${out}]);\n\n`;
}

function commandText(module) {
  let out = '// The commands of both command-line tools, hpa and npx hpastar (contract/CommandTable.h)\n\n';
  out += tsdoc('One flag of a command: its kind, its placeholder in the help, its range and default (when left out), which tools have it.');
  out += "export interface CommandFlag {\n  readonly name: string;\n  readonly kind: 'integer' | 'number' | 'switch' | 'text';\n  readonly value: string;\n";
  out += '  readonly doc: string;\n  readonly min: number;\n  readonly max: number;\n  readonly default: number | string | boolean;\n';
  out += '  readonly native: boolean;\n  readonly package: boolean;\n}\n\n';
  out += tsdoc('One command: its operand, what it does, which tools have it, its flags.');
  out += 'export interface CommandSpec {\n  readonly name: string;\n  readonly operand: string;\n  readonly doc: string;\n';
  out += '  readonly native: boolean;\n  readonly package: boolean;\n  readonly flags: readonly CommandFlag[];\n}\n\n';
  out += tsdoc('A planner of --algo: one line for the help, the option table it takes (hierarchy, shpa, haa: the planners\' option fields above; \'\' for none), a flag of that table it does not take, its flags beyond the table.');
  out += 'export interface AlgorithmSpec {\n  readonly name: string;\n  readonly doc: string;\n  readonly optionTable: \'hierarchy\' | \'shpa\' | \'haa\' | \'\';\n';
  out += '  readonly notTaken: string;\n  readonly flags: readonly CommandFlag[];\n}\n\n';
  const commands = module.commandTable();
  const algorithms = module.algorithmTable();
  const shared = sharedFlagNames([commands, algorithms]);
  out += sharedFlagText(shared);
  out += tsdoc('Every command of the two tools, in the order of their help.');
  out += flagTableText('COMMANDS', 'CommandSpec', commands, shared);
  out += tsdoc('Every planner of --algo, in the order of the help.');
  out += flagTableText('ALGORITHMS', 'AlgorithmSpec', algorithms, shared);
  return out;
}

/** The text of web/lib/generated/contract.ts, from a loaded module. */
export function contractText(module) {
  let out = '// Generated by scripts/generate-contract.mjs from the wasm module (npm run build:wasm): do not edit.\n';
  out += '// The core declares every table here and the module exports it (cpp/bindings/ContractBinding.cpp);\n';
  out += '// tests/web/contract.test.ts fails when this file is not what the built module writes.\n\n';
  out += tsdoc('How an option is checked: an int32, any finite number, a boolean, or one of a few strings.');
  out += "export type OptionKind = 'integer' | 'number' | 'boolean' | readonly string[];\n\n";
  out += tsdoc('One option as the core declares it (contract/OptionSchema.h).');
  out += 'export interface OptionField {\n  readonly name: string;\n  readonly label: string;\n  readonly cli: string | null;\n';
  out += "  readonly kind: 'integer' | 'number' | 'boolean' | 'choice';\n  readonly min: number;\n  readonly max: number;\n";
  out += '  readonly switchSets: boolean;\n  readonly choices: readonly string[];\n  readonly default: number | boolean | string;\n';
  out += '  readonly doc: string;\n}\n\n';
  out += plannersText(module);
  out += statusText(module);
  out += statusCodeText(module);
  out += endpointText(module);
  out += buildPhaseText(module);
  out += terrainText(module);
  out += moveText(module);
  out += commandText(module);
  return out.replace(/\n+$/, '\n');
}

/** Loads the single-threaded module from web/lib/wasm (built by `npm run build:wasm`). */
export async function loadBuiltModule() {
  const wasm = new URL('../web/lib/wasm/', import.meta.url);
  const { default: create } = await import(new URL('hpastar.mjs', wasm).href);
  return create({ wasmBinary: readFileSync(new URL('hpastar.wasm', wasm)) });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = contractText(await loadBuiltModule());
  let old = '';
  try {
    old = readFileSync(CONTRACT_FILE, 'utf8');
  } catch {
    // first run
  }
  if (old !== text) {
    writeFileSync(CONTRACT_FILE, text);
    console.log(`generate-contract: wrote ${CONTRACT_FILE}`);
  }
}
