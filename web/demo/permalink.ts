// The view in the URL, so that it can be shared:
//   ?map=den520d.map (a bundled map) or ?gen=maze-256x256-f2-s7 (a generated one)
//   &algo=hpa2&cs=10&ew=6&smooth=1&cache=0&prune=1&lm=16&dt=1 (lm and dt only when landmarks or the
//   distance table are on)
//   &s=10,140&g=240,104 (start, goal)
//   &ov=b1,b2,nodes,abstract,refined,path (overlays shown)
//   &mode=explore|compare|crowd&agents=1000&units=mixed&avoid=1 (units: one-cell agents, or three classes of sizes 1-3; avoid: local avoidance)
//   &swamp=3&ground=1.5 (the terrain kinds' multipliers, when not 1)
//   &size=2&cap=ground,trees (HAA*'s agent, with algo=haa)
// A map opened from a file or drawn by hand cannot be named in a URL; its edits (painted terrain and
// costs) are not kept either.
import { HIERARCHY_OPTION_RANGES, LIMITS } from '../lib/generated/contract';
import { AGENT_SIZES, ALL_IDS, CAPABILITIES, DEFAULT_SETTINGS, type AlgoId, type SearchSettings } from './algorithms';
import type { CrowdUnits } from './crowd';
import type { KindMultipliers, Mode } from './state';

export interface Permalink {
  map?: string;
  gen?: string;
  algo?: AlgoId;
  settings: Partial<SearchSettings>;
  start?: { x: number; y: number };
  goal?: { x: number; y: number };
  overlays?: string[];
  mode?: Mode;
  agents?: number;
  /** The crowd's units: one cell each (`'cells'`, the default) or three agent classes of sizes 1 to 3. */
  units?: CrowdUnits;
  /** The crowd's local avoidance (`avoid=1`). */
  avoid?: boolean;
  terrainCosts?: Partial<KindMultipliers>;
}

const point = (text: string | null) => {
  const m = text ? /^(\d+),(\d+)$/.exec(text) : null;
  return m ? { x: +m[1]!, y: +m[2]! } : undefined;
};

const int = (text: string | null, min: number, max: number) => {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const n = +text;
  return n >= min && n <= max ? n : undefined;
};

/** A multiplier within what the package accepts (the core's terrain cost limits). */
const multiplier = (text: string | null) => {
  if (text === null || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  const n = +text;
  return n >= LIMITS.minTerrainCost && n <= LIMITS.maxTerrainCost ? n : undefined;
};

/** An integer within the core's range of a hierarchy option. */
const option = (text: string | null, name: keyof typeof HIERARCHY_OPTION_RANGES) => int(text, HIERARCHY_OPTION_RANGES[name].min, HIERARCHY_OPTION_RANGES[name].max);

const flag = (text: string | null) => (text === '1' ? true : text === '0' ? false : undefined);

export function readPermalink(search: string): Permalink {
  const q = new URLSearchParams(search);
  const algo = q.get('algo');
  const settings: Partial<SearchSettings> = {};
  const cs = option(q.get('cs'), 'clusterSize');
  if (cs !== undefined) settings.clusterSize = cs;
  const ew = int(q.get('ew'), 1, 1024);
  if (ew !== undefined) settings.entranceWidth = ew;
  const smooth = flag(q.get('smooth'));
  if (smooth !== undefined) settings.smooth = smooth;
  const anyAngle = flag(q.get('aa'));
  if (anyAngle !== undefined) settings.anyAngle = anyAngle;
  const cache = flag(q.get('cache'));
  if (cache !== undefined) settings.cachePaths = cache;
  const prune = flag(q.get('prune'));
  if (prune !== undefined) settings.pruneEdges = prune;
  const landmarks = option(q.get('lm'), 'landmarks');
  if (landmarks !== undefined) settings.landmarks = landmarks;
  const table = flag(q.get('dt'));
  if (table !== undefined) settings.distanceTable = table;
  const size = AGENT_SIZES.find((n) => String(n) === q.get('size'));
  if (size !== undefined) settings.agentSize = size;
  const capability = CAPABILITIES.find((c) => c === q.get('cap'));
  if (capability !== undefined) settings.capability = capability;
  const mode = q.get('mode');
  const terrainCosts: Partial<KindMultipliers> = {};
  const swamp = multiplier(q.get('swamp'));
  if (swamp !== undefined) terrainCosts.S = swamp;
  const ground = multiplier(q.get('ground'));
  if (ground !== undefined) terrainCosts['.'] = ground;
  return {
    map: q.get('map') ?? undefined,
    gen: q.get('gen') ?? undefined,
    algo: ALL_IDS.includes(algo as AlgoId) ? (algo as AlgoId) : undefined,
    settings,
    start: point(q.get('s')),
    goal: point(q.get('g')),
    overlays: q.has('ov') ? q.get('ov')!.split(',').filter(Boolean) : undefined,
    mode: mode === 'explore' || mode === 'compare' || mode === 'crowd' ? mode : undefined,
    agents: int(q.get('agents'), 0, 5000),
    units: q.get('units') === 'mixed' ? 'mixed' : undefined,
    avoid: flag(q.get('avoid')),
    terrainCosts,
  };
}

export function writePermalink(p: Permalink): string {
  const q = new URLSearchParams();
  if (p.map) q.set('map', p.map);
  else if (p.gen) q.set('gen', p.gen);
  if (p.algo) q.set('algo', p.algo);
  const s = { ...DEFAULT_SETTINGS, ...p.settings };
  q.set('cs', String(s.clusterSize));
  q.set('ew', String(s.entranceWidth));
  q.set('smooth', s.smooth ? '1' : '0');
  if (s.anyAngle) q.set('aa', '1');
  q.set('cache', s.cachePaths ? '1' : '0');
  q.set('prune', s.pruneEdges ? '1' : '0');
  if (s.landmarks > 0) q.set('lm', String(s.landmarks));
  if (s.distanceTable) q.set('dt', '1');
  if (p.algo === 'haa') {
    q.set('size', String(s.agentSize));
    q.set('cap', s.capability);
  }
  if (p.start) q.set('s', `${p.start.x},${p.start.y}`);
  if (p.goal) q.set('g', `${p.goal.x},${p.goal.y}`);
  if (p.overlays) q.set('ov', p.overlays.join(','));
  if (p.mode && p.mode !== 'explore') q.set('mode', p.mode);
  if (p.agents !== undefined && p.mode === 'crowd') q.set('agents', String(p.agents));
  if (p.units === 'mixed' && p.mode === 'crowd') q.set('units', 'mixed');
  if (p.avoid && p.mode === 'crowd') q.set('avoid', '1');
  if (p.terrainCosts?.S !== undefined && p.terrainCosts.S !== 1) q.set('swamp', String(p.terrainCosts.S));
  if (p.terrainCosts?.['.'] !== undefined && p.terrainCosts['.'] !== 1) q.set('ground', String(p.terrainCosts['.']));
  return `?${q.toString().replaceAll('%2C', ',')}`;
}
