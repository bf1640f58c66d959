// The block world page (world.html): generate a world (kind, size, seed), look at one floor at a time,
// click a start and a goal on any floors, and dig or build blocks with the mouse while the path follows.
// The world, its HPA* planner and every path come from the package's public API (../../lib/index).
//
// Every call runs on the main thread: a query takes well under a millisecond on the sizes offered, A*
// (only when compared) a few, and a build (generation and hierarchy) tens of milliseconds, announced
// before it starts.
import { fmtFixed } from '../format';
import { loadHpastar, type BlockName, type Voxel, type WorldKind } from '../../lib/index';
import { crowdPanel, type FrameFigures } from './crowdPanel';
import { exportWorldColoursToCss, FloorView, type FloorLabel } from './floorView';
import type { WorldCrowdFigures } from './worldCrowd';
import { TeachPanel, type TeachState } from './teachPanel';
import { WorldSession, type WorldTool } from './worldSession';
import { traceSearch } from '../../lib/inspect';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the page shows, as the end-to-end tests read it. */
export interface WorldPageState {
  busy: boolean;
  width: number;
  height: number;
  levels: number;
  floor: number;
  version: number;
  start: Voxel | null;
  goal: Voxel | null;
  found: boolean | null;
  cost: number | null;
  /** The path's cells packed x, y, z. */
  pathCells: number[];
  /** A*'s answer to the same query, when the comparison is on. */
  astar: { found: boolean; cost: number | null; expanded: number } | null;
  /** Whether the floor above is shaded, and how many cells of the floor on screen it shaded. */
  showAbove: boolean;
  shadedAbove: number;
  /** The labels drawn on the floor on screen (canvas pixels). */
  labels: FloorLabel[];
}

/** What the end-to-end tests read (tests/e2e/world.e2e.ts). */
export interface WorldPageHook {
  ready: boolean;
  state(): WorldPageState;
  /** 1 where an agent stands on floor z, row-major. */
  standing(z: number): number[];
  /** The block codes of floor z, row-major, as the page has them. */
  blocks(z: number): number[];
  reachable(a: Voxel, b: Voxel): boolean;
  /** The centre of cell (x, y) in page coordinates, for clicks. */
  cellCentre(x: number, y: number): { x: number; y: number };
  /** Places `block` at (x, y, z) as a click of the Dig or Build tool does: "" or why not. */
  change(x: number, y: number, z: number, block: BlockName): string;
  /** The world's version (one more per change made). */
  worldVersion(): number;
  /** The crowd's figures, null when none runs. */
  crowd(): WorldCrowdFigures | null;
  /** The main thread's work per frame while the crowd runs, since the last reset. */
  frames(): FrameFigures;
  resetFrames(): void;
  /** Starts recording the crowd's steps; takeTrace hands them over (agent, from x, y, z, to x, y, z, world version, per step). */
  startTrace(): void;
  takeTrace(): number[];
  /** The Hierarchy and Show search layers: their switches, counts, phase and captions. */
  teach(): TeachState;
  /** The trace of the query on screen, straight from traceSearch: each search's phase and expanded count, and the path's figures. */
  trace(): { searches: { phase: string; level: number; closed: number }[]; refinedCells: number; pathCells: number; smoothingLines: number; stats: Record<string, number> } | null;
  /** The cells the crowd's agents stand on, x, y, z each, and whether each walks (1) or not (0) as a fourth. */
  agentCells(): number[];
}

declare global {
  interface Window {
    __hpastarWorld?: WorldPageHook;
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const ms = (t: number) => (t < 1 ? `${(t * 1000).toFixed(0)} µs` : `${t.toFixed(1)} ms`);

async function main(): Promise<void> {
  exportWorldColoursToCss();
  const message = $<HTMLParagraphElement>('world-message');
  const say = (text: string) => (message.textContent = text);
  const hp = await loadHpastar().catch((error: unknown) => {
    say(`Cannot load the WebAssembly module (run "npm run build:wasm"): ${String(error)}`);
    return null;
  });
  if (!hp) return;
  const session = new WorldSession(hp);
  const canvas = $<HTMLCanvasElement>('world-canvas');
  const view = new FloorView(canvas, session);
  let busy = false;
  const teach = new TeachPanel(session, () => redraw());
  view.overlay = (ctx, frame) => teach.draw(ctx, frame);

  let frameAsked = false;
  const redraw = () => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      view.draw();
      showNumbers();
    });
  };

  const out = (id: string, text: string) => ($(id).textContent = text);
  const showNumbers = () => {
    out('world-floor', String(session.floor));
    out('world-floors', String(session.levels));
    const stats = session.planner?.stats;
    out('w-build', stats ? `${ms(session.buildMs)} (hierarchy ${ms(stats.buildMs)})` : '–');
    out('w-hierarchy', stats ? stats.levels.map((l, i) => `L${i + 1}: ${l.clusters} boxes, ${l.nodes} nodes`).join('; ') : '–');
    const path = session.path;
    out('w-time', path ? ms(session.queryMs) : '–');
    out('w-cost', path ? (path.found ? path.cost.toFixed(2) : 'no path') : '–');
    out('w-expanded', path ? `${path.stats.expandedInsertion} + ${path.stats.expandedAbstract} + ${path.stats.expandedRefinement} = ${path.expanded}` : '–');
    out('w-floors', path?.found ? session.pathFloors().join(' → ') : '–');
    showAStar();
    const change = session.lastChange;
    out('w-edit', change ? `${change.text}: ${ms(change.ms)}` : '–');
    teach.show();
  };

  // A*'s answer to the same query beside HPA*'s: the speed-up, and how much longer HPA*'s path is than
  // the optimal one (or, when the goal is out of reach, what A* spends to prove it).
  const showAStar = () => {
    for (const row of document.querySelectorAll<HTMLElement>('.astar-row')) row.hidden = !session.compareAStar;
    const { path, astar } = session;
    if (!path || !astar) {
      out('w-astar', '–');
      out('w-against', '–');
      return;
    }
    const faster = session.queryMs > 0 ? `${(session.astarMs / session.queryMs).toFixed(1)}× faster` : 'faster than the timer resolves';
    if (!astar.found) {
      out('w-astar', `no path, proved by flooding ${astar.expanded.toLocaleString('en')} cells in ${ms(session.astarMs)}`);
      out('w-against', `${faster}: the labels answer without a search`);
      return;
    }
    out('w-astar', `${ms(session.astarMs)}, ${astar.expanded.toLocaleString('en')} expanded, cost ${astar.cost.toFixed(2)} (optimal)`);
    // Two sums of the same steps in another order differ in the last bit: never "-0.0%".
    const longer = path.found ? fmtFixed((path.cost / astar.cost - 1) * 100, 1) : '–';
    out('w-against', `${faster}; path ${longer}% longer`);
  };

  const sayQuery = () => {
    const { start, goal, path } = session;
    if (!start) say('Click a start on any floor (switch floors with the buttons or Q / E).');
    else if (!goal) say(`Start (${start.x}, ${start.y}) on floor ${start.z}: now click a goal, on this floor or another.`);
    else if (path && !path.found) say(`No path from floor ${start.z} to floor ${goal.z}: the component labels say so, without a search.`);
    else if (path) say(`Path over floors ${session.pathFloors().join(' → ')}: cost ${path.cost.toFixed(2)}, found in ${ms(session.queryMs)}.`);
  };

  const crowd = crowdPanel(session, view, say, () => showNumbers());

  const generate = async () => {
    await crowd.stop();
    const kind = $<HTMLSelectElement>('world-kind').value as WorldKind;
    const [width, height, levels] = $<HTMLSelectElement>('world-size').value.split('x').map(Number) as [number, number, number];
    const seed = Math.max(0, Math.floor(Number($<HTMLInputElement>('world-seed').value) || 0));
    busy = true;
    say(`Generating a ${width} × ${height} × ${levels} ${kind} world (seed ${seed}) and building its hierarchy…`);
    // Let the message show before the build holds the thread.
    await nextFrame();
    await nextFrame();
    try {
      session.generate(kind, { width, height, levels }, seed);
      sayQuery();
    } catch (error) {
      say(`Cannot make the world: ${error instanceof Error ? error.message : String(error)}`);
    }
    busy = false;
    redraw();
  };

  const setFloor = (z: number) => {
    session.setFloor(z);
    redraw();
  };

  const setTool = (tool: WorldTool) => {
    session.tool = tool;
    for (const input of document.querySelectorAll<HTMLInputElement>('input[name="world-tool"]')) input.checked = input.value === tool;
    say(tool === 'path' ? 'Path: click a start, then a goal.' : tool === 'dig' ? 'Dig: click a block of this floor to remove it.' : `Build: click a cell of this floor to place a ${session.buildBlock} block.`);
  };

  const above = $<HTMLInputElement>('world-above');
  const setShowAbove = (on: boolean) => {
    above.checked = on;
    view.showAbove = on;
    redraw();
  };
  above.addEventListener('change', () => setShowAbove(above.checked));

  const compare = $<HTMLInputElement>('world-compare');
  const setCompare = (on: boolean) => {
    compare.checked = on;
    session.setCompareAStar(on);
    redraw();
  };
  compare.addEventListener('change', () => setCompare(compare.checked));

  $('world-generate').addEventListener('click', () => void generate());
  $('floor-up').addEventListener('click', () => setFloor(session.floor + 1));
  $('floor-down').addEventListener('click', () => setFloor(session.floor - 1));
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="world-tool"]')) {
    input.addEventListener('change', () => input.checked && setTool(input.value as WorldTool));
  }
  $<HTMLSelectElement>('world-block').addEventListener('change', (e) => {
    session.buildBlock = (e.target as HTMLSelectElement).value as BlockName;
  });
  canvas.addEventListener('click', (e) => {
    if (busy) return;
    const cell = view.cellAt(e.offsetX, e.offsetY);
    if (!cell) return;
    const problem = session.click(cell.x, cell.y);
    if (problem) say(problem);
    else if (session.tool === 'path') sayQuery();
    else {
      const change = session.lastChange!;
      say(`${change.text}: world and hierarchy updated in ${ms(change.ms)}; ${session.path ? (session.path.found ? `path cost ${session.path.cost.toFixed(2)}` : 'no path now') : 'no query'}.`);
    }
    redraw();
  });
  canvas.addEventListener('mousemove', (e) => {
    const cell = view.cellAt(e.offsetX, e.offsetY);
    if (!cell || !session.world) return;
    const block = session.world.blockAt(cell.x, cell.y, session.floor);
    const stand = session.isStanding({ ...cell, z: session.floor }) ? ', standing' : '';
    $('world-hud').textContent = `(${cell.x}, ${cell.y}) floor ${session.floor}: ${block}${stand}`;
  });
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'e' || e.key === 'E' || e.key === 'PageUp') setFloor(session.floor + 1);
    else if (e.key === 'q' || e.key === 'Q' || e.key === 'PageDown') setFloor(session.floor - 1);
    else if (/^[1-9]$/.test(e.key)) setFloor(Number(e.key) - 1);
    else if (e.key === 'p' || e.key === 'P') setTool('path');
    else if (e.key === 'd' || e.key === 'D') setTool('dig');
    else if (e.key === 'b' || e.key === 'B') setTool('build');
    else if (e.key === 'a' || e.key === 'A') setShowAbove(!view.showAbove);
    else if (e.key === 'c' || e.key === 'C') setCompare(!session.compareAStar);
    else if (e.key === 'h' || e.key === 'H') teach.setHierarchy(!teach.hierarchy);
    else if (e.key === 's' || e.key === 'S') teach.setSearch(!teach.search);
    else if (e.key === '[' || e.key === ']') teach.step(e.key === ']' ? 1 : -1);
    else return;
    e.preventDefault();
  });
  new ResizeObserver(redraw).observe(canvas);

  window.__hpastarWorld = {
    ready: false,
    state: () => ({
      busy,
      width: session.width,
      height: session.height,
      levels: session.levels,
      floor: session.floor,
      version: session.version,
      start: session.start,
      goal: session.goal,
      found: session.path ? session.path.found : null,
      cost: session.path?.found ? session.path.cost : null,
      pathCells: Array.from(session.path?.cells ?? []),
      astar: session.astar ? { found: session.astar.found, cost: session.astar.found ? session.astar.cost : null, expanded: session.astar.expanded } : null,
      showAbove: view.showAbove,
      shadedAbove: view.shadedAbove,
      labels: view.labels.map((l) => ({ ...l })),
    }),
    standing: (z) => Array.from(session.floors.standing[z] ?? []),
    blocks: (z) => Array.from(session.floors.blocks[z] ?? []),
    reachable: (a, b) => session.planner?.isReachable(a, b) ?? false,
    change: (x, y, z, block) => {
      const problem = session.change({ x, y, z }, block);
      redraw();
      return problem;
    },
    worldVersion: () => session.world?.version ?? 0,
    crowd: () => crowd.figures(),
    frames: () => crowd.frames(),
    resetFrames: () => crowd.resetFrames(),
    startTrace: () => crowd.crowd()?.startTrace(),
    takeTrace: () => crowd.crowd()?.takeTrace() ?? [],
    teach: () => teach.state(),
    trace: () => {
      const { planner, start, goal } = session;
      if (!planner || !start || !goal) return null;
      const t = traceSearch(planner, start, goal);
      return {
        searches: t.searches.map((x) => ({ phase: x.phase, level: x.level, closed: x.closed.length / 3 })),
        refinedCells: t.refined.length / 3,
        pathCells: t.path.cells.length / 3,
        smoothingLines: t.smoothing.length,
        stats: { ...t.path.stats },
      };
    },
    agentCells: () => [...(crowd.crowd()?.crowd.agents() ?? [])].flatMap((a) => [a.cellX, a.cellY, a.cellZ, a.state === 'walking' ? 1 : 0]),
    cellCentre: (x, y) => {
      const c = view.cellCentre(x, y);
      const r = canvas.getBoundingClientRect();
      return { x: r.left + c.x, y: r.top + c.y };
    },
  };
  // A permalink may name the world and a crowd: ?kind=caves&size=256x256x16&seed=1&agents=500.
  const params = new URLSearchParams(location.search);
  for (const [param, id] of [['kind', 'world-kind'], ['size', 'world-size'], ['seed', 'world-seed'], ['agents', 'world-agents']] as const) {
    const value = params.get(param);
    if (value !== null) $<HTMLInputElement>(id).value = value;
  }
  await generate();
  const agents = Number(params.get('agents'));
  if (agents > 0) await crowd.start(Math.min(5000, Math.floor(agents)));
  window.__hpastarWorld.ready = true;
}

void main();
