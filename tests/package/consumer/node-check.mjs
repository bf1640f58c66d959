// Run by tests/package/run.mjs inside a fresh project where the packed tarball is installed: uses the
// package as a consumer would, through its name only. Prints one JSON line; throws on any mismatch.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPathPool, isPassableTerrain, loadHpastar, parseMovingAIMap, PathQueryError } from 'hpastar';
import * as inline from 'hpastar/inline';
import { abstractGraph, clusterMap, clusterRects, traceSearch } from 'hpastar/inspect';
import den520d from 'hpastar/maps/den520d.map.js';

const check = (ok, what) => {
  if (!ok) throw new Error(`consumer check failed: ${what}`);
};
const read = (name) => readFileSync(fileURLToPath(import.meta.resolve(`hpastar/maps/${name}`)), 'utf8');

const mapText = read('den520d.map');
// The longest scenario of the file: its optimal length is printed in it.
const scenarios = read('den520d.map.scen').trim().split('\n').slice(1).map((l) => l.split('\t'));
const [, , , , sx, sy, gx, gy, optimal] = scenarios.at(-1).map((f, i) => (i === 1 ? f : Number(f)));
const start = { x: sx, y: sy };
const goal = { x: gx, y: gy };

// The map as a module is the file's text; read without the module, it is the core's terrain.
check(den520d === mapText, 'hpastar/maps/den520d.map.js is the text of den520d.map');
const parsed = parseMovingAIMap(den520d, 'den520d.map');
const hp = await loadHpastar();
const grid = hp.Grid.fromMovingAI(mapText, 'den520d.map');
check(Buffer.compare(parsed.terrain, grid.terrain()) === 0, 'parseMovingAIMap terrain = Grid.fromMovingAI terrain');
check(Buffer.compare(grid.passableRect(), parsed.terrain.map((c) => (isPassableTerrain(c) ? 1 : 0))) === 0, 'passableRect');
const astar = new hp.AStar().findPath(grid, start, goal);
// Dragon Age scenarios print 6 significant digits.
check(astar.found && Math.abs(astar.cost - optimal) <= 1e-5 * optimal, `A* cost ${astar.cost} vs optimal ${optimal}`);
const hpa = hp.HPAStar.build(grid, { clusterSize: 16, levels: 2 });
const path = hpa.findPath(start, goal);
check(path.found && path.cost >= optimal * (1 - 1e-5) && path.cost < optimal * 1.2, `HPA* cost ${path.cost}`);
check(path.cells instanceof Int32Array && path.cells[0] === sx && path.cells.at(-1) === gy, 'HPA* cells');
// Inspection, from its own entry, on planners made by the main one.
const rects = clusterRects(hpa, 1);
check(rects.rects.length === 4 * rects.columns * rects.rows && rects.side === 16, 'hpastar/inspect clusterRects');
check(abstractGraph(hpa, 2).nodes.length / 2 === hpa.stats.levels[1].nodes, 'hpastar/inspect abstractGraph');
const traced = traceSearch(hpa, start, goal);
check(traced.path.cost === path.cost && traced.searches.some((s) => s.phase === 'insertion'), 'hpastar/inspect traceSearch');
const loaded = hp.HPAStar.load(hpa.serialize());
check(loaded.findPath(start, goal).cost === path.cost, 'serialize/load');
const shpa = hp.SHPAStar.build(grid);
const shpaPath = shpa.findPath(start, goal);
check(shpaPath.found && shpaPath.cost >= optimal * (1 - 1e-5), `SHPA* cost ${shpaPath.cost}`);
let refused = '';
try {
  shpa.applyEdits([{ x: sx, y: sy, terrain: '@' }]);
} catch (error) {
  refused = error.message;
}
check(/static maps/.test(refused), 'SHPA* edits refused');
check(clusterMap(shpa).length === grid.width * grid.height, 'hpastar/inspect clusterMap');
let queryError = null;
try {
  hpa.findPath({ x: 0, y: 0 }, goal);
} catch (error) {
  queryError = error;
}
check(queryError instanceof PathQueryError, 'PathQueryError');

// Agent classes: a 2 x 2 unit's grid, its planner's path checked square by square against the terrain.
const tankGrid = hp.Grid.forAgent(grid, { size: 2, capability: 'ground' });
const tanks = hp.HPAStar.build(tankGrid);
check(tanks.agent.size === 2 && tanks.agent.capability === 'ground', 'planner.agent');
const fits = (x, y) => [0, 1].every((dy) => [0, 1].every((dx) => '.G'.includes(mapText.split('\n').slice(4)[y + dy]?.[x + dx] ?? '@')));
const anchors = [];
for (let y = 0; y + 1 < grid.height && anchors.length < 2; y += 37) for (let x = 0; x + 1 < grid.width && anchors.length < 2; x += 41) if (fits(x, y)) anchors.push({ x, y });
const tankPath = tanks.findPath(anchors[0], anchors[1]);
for (let i = 0; i < tankPath.cells.length; i += 2) check(fits(tankPath.cells[i], tankPath.cells[i + 1]), `the 2x2 square fits at step ${i / 2}`);
tanks.dispose();
tankGrid.dispose();

const pools = {};
for (const mode of ['copied', 'shared']) {
  const pool = await createPathPool({ grid, hierarchy: { clusterSize: 16, levels: 2 }, workers: 2, mode });
  const batch = await pool.findPaths([[start, goal], [goal, start]]);
  check(batch.cost[0] === path.cost, `pool ${mode}: ${batch.cost[0]} vs ${path.cost}`);
  await pool.close();
  const fromText = await createPathPool({ map: den520d, hierarchy: { clusterSize: 16, levels: 2 }, workers: 1, mode });
  check((await fromText.findPaths([[start, goal]])).cost[0] === path.cost, `pool ${mode} from the map's text`);
  await fromText.close();
  const shpaPool = await createPathPool({ planner: shpa, workers: 2, mode });
  check((await shpaPool.findPaths([[start, goal]])).cost[0] === shpaPath.cost, `SHPA* pool ${mode}`);
  await shpaPool.close();
  pools[mode] = batch.foundCount();
}

const hi = await inline.loadHpastar();
const inlineGrid = hi.Grid.fromMovingAI(mapText, 'den520d.map');
check(new hi.AStar().findPath(inlineGrid, start, goal).cost === astar.cost, 'inline entry');

for (const p of [hpa, loaded, shpa, grid, inlineGrid]) p.dispose();
console.log(JSON.stringify({ ok: true, optimal, astar: astar.cost, hpa: path.cost, shpa: shpaPath.cost, pools }));
