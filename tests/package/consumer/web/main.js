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
  const result = {
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
