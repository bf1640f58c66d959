// A cold start as a game makes one, built by Vite and opened by tests/package/run.mjs in a fresh browser
// context (nothing cached), with the module of "hpastar" (index.html, full.js) or of "hpastar/grid"
// (grid.html, grid.js): the module and the map fetched together, the map read, a planner built at the
// options the package chooses for the map, one path. Each phase's end is performance.now(), that is, time
// since the navigation started. Reports through window.__cold and #out.
export async function coldStart(loadHpastar) {
  const query = new URLSearchParams(location.search);
  const mapName = query.get('map');
  const [sx, sy, gx, gy] = query.get('query').split(',').map(Number);
  const phases = {};
  const [text, hp] = await Promise.all([
    fetch(`./${mapName}`).then((r) => r.text()).then((t) => ((phases.mapFetched = performance.now()), t)),
    loadHpastar().then((m) => ((phases.moduleStarted = performance.now()), m)),
  ]);
  const grid = hp.Grid.fromMovingAI(text, mapName);
  phases.mapRead = performance.now();
  const planner = hp.HPAStar.build(grid);
  phases.built = performance.now();
  const path = planner.findPath({ x: sx, y: sy }, { x: gx, y: gy });
  phases.firstPath = performance.now();
  return { ok: path.found, cost: path.cost, phases };
}

export function report(promise) {
  promise.then(
    (result) => {
      window.__cold = result;
      document.getElementById('out').textContent = JSON.stringify(result);
    },
    (error) => {
      window.__cold = { ok: false, error: String(error) };
    },
  );
}
