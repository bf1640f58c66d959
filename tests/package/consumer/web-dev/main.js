// A browser app served by the `vite` dev server (not built), opened in headless Chromium by
// tests/package/run.mjs: imports a map shipped in the package as the README says (its module form),
// reads it without the WebAssembly module, starts a pool from it, and paints its passability with one
// call. Reports through window.__hpastar and #out. Also says what `.map?raw` gives under dev (a note,
// not a check: the README says why it fails).
import den520d from 'hpastar/maps/den520d.map.js';
import { createPathPool, isPassableTerrain, loadHpastar, parseMovingAIMap } from 'hpastar';

async function rawImport() {
  try {
    const module = await import('hpastar/maps/den520d.map?raw');
    return module.default === den520d ? 'works' : `gives ${typeof module.default}`;
  } catch (error) {
    return `fails: ${String(error.message).split(':')[0]}`;
  }
}

async function run() {
  const map = parseMovingAIMap(den520d, 'den520d.map');
  const start = { x: 10, y: 140 };
  const goal = { x: 240, y: 104 };
  // The pool first: nothing on this page has loaded the module yet.
  const pool = await createPathPool({ map, hierarchy: { clusterSize: 16, levels: 2 }, workers: 2 });
  const batch = await pool.findPaths([[start, goal]]);
  await pool.close();
  const hp = await loadHpastar();
  const grid = hp.Grid.fromTerrain(map.terrain, map.width, map.height);
  const planner = hp.HPAStar.build(grid, { clusterSize: 16, levels: 2 });
  const path = planner.findPath(start, goal);
  const passable = grid.passableRect();
  const painted = passable.every((p, i) => p === (isPassableTerrain(map.terrain[i]) ? 1 : 0));
  return {
    ok: map.width === 256 && map.height === 257 && path.found && batch.cost[0] === path.cost && painted,
    isolated: globalThis.crossOriginIsolated === true,
    mode: pool.mode,
    cost: batch.cost[0],
    raw: await rawImport(),
  };
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
