// A tiny browser app that imports the installed package by name, built by Vite and opened in
// headless Chromium by tests/package/run.mjs. It reports through window.__hpastar and #out.
import { createPathPool, loadHpastar } from 'hpastar';

async function run() {
  const text = await (await fetch('./den520d.map')).text();
  const hp = await loadHpastar();
  const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
  const start = { x: 10, y: 140 };
  const goal = { x: 240, y: 104 };
  const astar = new hp.AStar().findPath(grid, start, goal);
  const planner = hp.HPAStar.build(grid, { clusterSize: 16, levels: 2 });
  const path = planner.findPath(start, goal);
  const shpa = hp.SHPAStar.build(grid).findPath(start, goal);
  const pool = await createPathPool({ grid, hierarchy: { clusterSize: 16, levels: 2 }, workers: 2 });
  const batch = await pool.findPaths([[start, goal]]);
  const weighted = await searchWeighted(hp, text);
  const result = {
    weighted,
    ok: astar.found && path.found && shpa.found && batch.cost[0] === path.cost,
    isolated: globalThis.crossOriginIsolated === true,
    mode: pool.mode,
    astar: astar.cost,
    hpa: path.cost,
    shpa: shpa.cost,
    pool: batch.cost[0],
  };
  await pool.close();
  return result;
}

// Terrain costs: den520d with swamp at 3 and the cost layer run.mjs wrote, built, saved, loaded, and
// searched in a pool made from the loaded planner; the costs against those the native tool found
// (den520d.weighted.json). Null when run.mjs had no native tool to ask.
async function searchWeighted(hp, text) {
  const expectedFile = await fetch('./den520d.weighted.json');
  if (!expectedFile.ok) return null;
  const expected = await expectedFile.json();
  const layer = new Uint8Array(await (await fetch('./den520d.layer')).arrayBuffer());
  const grid = hp.Grid.fromMovingAI(text, 'den520d.map');
  grid.setTerrainCosts({ S: 3 });
  grid.setCostLayer(layer);
  // The paper's HPA* (what `hpa --algo hpa` runs), not the options build would choose for the map.
  const loaded = hp.HPAStar.load(hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: 16, levels: 2 }).serialize());
  const pool = await createPathPool({ planner: loaded, workers: 2 });
  try {
    const batch = await pool.findPaths(expected.queries.map(([sx, sy, gx, gy]) => [{ x: sx, y: sy }, { x: gx, y: gy }]));
    let mismatches = 0;
    let first = null;
    expected.costs.forEach((cost, i) => {
      if (Math.abs(batch.cost[i] - cost) <= 1e-9 * Math.max(1, cost)) return;
      mismatches++;
      first ??= { query: expected.queries[i], native: cost, pool: batch.cost[i] };
    });
    return { queries: expected.costs.length, mismatches, first, mode: pool.mode };
  } finally {
    await pool.close();
  }
}

run().then(
  (result) => {
    window.__hpastar = result;
    document.getElementById('out').textContent = JSON.stringify(result);
  },
  (error) => {
    window.__hpastar = { ok: false, error: String(error && error.stack ? error.stack : error) };
    document.getElementById('out').textContent = `error: ${error}`;
  },
);
