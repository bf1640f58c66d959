// The block world page (world.html): generate a world (kind, size, seed), look at one floor at a time,
// click a start and a goal on any floors, and dig or build blocks with the mouse while the path follows.
// The world, its HPA* planner and every path come from the package's public API (../../lib/index).
//
// Every call but the hierarchy's build runs on the main thread: a query takes well under a millisecond on
// the sizes offered, A* (only when compared) a few. The build (up to a second for the largest world) runs
// in a worker, whose progress shows in a bar once it has taken 100 ms; the page then loads its bytes.
import { loadHpastar, type BlockName, type BuildPhase, type WorldKind, type WorldSize } from '../../lib/index';
import { noBuildFigures, showBuild, type BuildFigures } from '../buildProgress';
import { crowdPanel } from './crowdPanel';
import { exportWorldColoursToCss, FloorView } from './floorView';
import { WORLD_PHASES } from './searchSteps';
import { TeachPanel } from './teachPanel';
import { worldHook } from './worldHook';
import { ms, showWorldNumbers } from './worldNumbers';
import type { WorldBuildReply, WorldBuildRequest } from './worldBuildWorker';
import { WORLD_OPTIONS, WorldSession, type WorldTool } from './worldSession';

export type { WorldPageHook, WorldPageState } from './worldHook';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * The world's hierarchy built in a worker (worldBuildWorker.ts), `onProgress` hearing its reports: its bytes
 * and time, or null when no worker could build it (the page then builds on its own thread, without a bar).
 */
function buildInWorker(request: WorldBuildRequest, onProgress: (progress: { phase: BuildPhase; done: number }) => void): Promise<{ bytes: Uint8Array; ms: number } | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./worldBuildWorker.ts', import.meta.url), { type: 'module' });
    } catch {
      return resolve(null);
    }
    const end = (answer: { bytes: Uint8Array; ms: number } | null) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onerror = () => end(null);
    worker.onmessage = ({ data }: MessageEvent<WorldBuildReply>) => {
      if (data.type === 'progress') onProgress(data);
      else end(data.type === 'built' ? data : null);
    };
    worker.postMessage(request);
  });
}

/** A new world on `session`, its hierarchy built in a worker when one can (the bar showing its progress): what that build reported. */
async function generateWorld(session: WorldSession, kind: WorldKind, size: WorldSize, seed: number): Promise<BuildFigures & { inWorker: boolean }> {
  const heard = noBuildFigures();
  const built = await buildInWorker({ generate: { kind, size, seed }, options: WORLD_OPTIONS }, showBuild('world-build-progress', heard));
  $('world-build-progress-row').hidden = true;
  session.generate(kind, size, seed, built ?? undefined);
  return { ...heard, inWorker: built !== null };
}

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
  let hud = () => {};
  const redraw = () => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      view.fadePath = teach.search && teach.phase < WORLD_PHASES.indexOf('smoothing');
      view.draw();
      showNumbers();
      hud();
    });
  };

  const showNumbers = () => {
    showWorldNumbers(session);
    teach.show();
  };

  const sayQuery = () => {
    const { start, goal, path } = session;
    if (!start) say('Click a start on any floor (switch floors with the buttons or Q / E).');
    else if (!goal) say(`Start (${start.x}, ${start.y}) on floor ${start.z}: now click a goal, on this floor or another.`);
    else if (path && !path.found) say(`No path from floor ${start.z} to floor ${goal.z}: the component labels say so, without a search.`);
    else if (path) {
      const shape = session.anyAngle ? `${path.cells.length / 3} corners joined by straight lines, length` : 'cost';
      say(`Path over floors ${session.pathFloors().join(' → ')}: ${shape} ${path.cost.toFixed(2)}, found in ${ms(session.queryMs)}.`);
    }
  };

  const crowd = crowdPanel(session, view, say, () => showNumbers());
  let worldBuild = { ...noBuildFigures(), inWorker: false };

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
      worldBuild = await generateWorld(session, kind, { width, height, levels }, seed);
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

  const lines = $<HTMLInputElement>('world-any-angle');
  const setLines = (on: boolean) => {
    lines.checked = on;
    session.setAnyAngle(on);
    sayQuery();
    redraw();
  };
  lines.addEventListener('change', () => setLines(lines.checked));

  $('world-generate').addEventListener('click', () => void generate());
  $('floor-up').addEventListener('click', () => setFloor(session.floor + 1));
  $('floor-down').addEventListener('click', () => setFloor(session.floor - 1));
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="world-tool"]')) {
    input.addEventListener('change', () => input.checked && setTool(input.value as WorldTool));
  }
  $<HTMLSelectElement>('world-block').addEventListener('change', (e) => {
    session.buildBlock = (e.target as HTMLSelectElement).value as BlockName;
  });
  hud = bindCanvas({ session, view, canvas, say, sayQuery, redraw, busy: () => busy });
  bindKeys({
    floor: setFloor, tool: setTool,
    above: () => setShowAbove(!view.showAbove), compare: () => setCompare(!session.compareAStar), lines: () => setLines(!session.anyAngle),
    hierarchy: () => teach.setHierarchy(!teach.hierarchy), search: () => teach.setSearch(!teach.search), step: (by) => teach.step(by),
    current: () => session.floor,
  });
  new ResizeObserver(redraw).observe(canvas);

  const hook = worldHook({ session, view, canvas, crowd, teach, busy: () => busy, redraw, worldBuild: () => ({ ...worldBuild, ms: session.buildMs }) });
  window.__hpastarWorld = hook;
  const params = applyPermalink();
  await generate();
  const agents = Number(params.get('agents'));
  if (agents > 0) await crowd.start(Math.min(5000, Math.floor(agents)));
  hook.ready = true;
}

/** A permalink may name the world and a crowd: ?kind=caves&size=256x256x16&seed=1&agents=500. */
function applyPermalink(): URLSearchParams {
  const params = new URLSearchParams(location.search);
  for (const [param, id] of [['kind', 'world-kind'], ['size', 'world-size'], ['seed', 'world-seed'], ['agents', 'world-agents']] as const) {
    const value = params.get(param);
    if (value !== null) $<HTMLInputElement>(id).value = value;
  }
  return params;
}

interface CanvasParts {
  session: WorldSession;
  view: FloorView;
  canvas: HTMLCanvasElement;
  say: (text: string) => void;
  sayQuery: () => void;
  redraw: () => void;
  busy: () => boolean;
}

// A click does what the tool says; the pointer's cell and block show in the corner (the function
// returned writes that line again, after each draw).
function bindCanvas({ session, view, canvas, say, sayQuery, redraw, busy }: CanvasParts): () => void {
  canvas.addEventListener('click', (e) => {
    if (busy()) return;
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
  // The pointer's cell is kept, so that the line follows a change of floor or block under a still pointer.
  let pointed: { x: number; y: number } | null = null;
  const hud = () => {
    if (!pointed || !session.world) return;
    const block = session.world.blockAt(pointed.x, pointed.y, session.floor);
    const stand = session.isStanding({ ...pointed, z: session.floor }) ? ', standing' : '';
    $('world-hud').textContent = `(${pointed.x}, ${pointed.y}) floor ${session.floor}: ${block}${stand}`;
  };
  canvas.addEventListener('mousemove', (e) => {
    const cell = view.cellAt(e.offsetX, e.offsetY);
    if (!cell) return;
    pointed = cell;
    hud();
  });
  return hud;
}

interface KeyActions {
  floor(z: number): void;
  current(): number;
  tool(tool: WorldTool): void;
  above(): void;
  compare(): void;
  lines(): void;
  hierarchy(): void;
  search(): void;
  step(by: number): void;
}

// The page's keys, ignored while a text box or a menu has the focus.
function bindKeys(a: KeyActions): void {
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'e' || e.key === 'E' || e.key === 'PageUp') a.floor(a.current() + 1);
    else if (e.key === 'q' || e.key === 'Q' || e.key === 'PageDown') a.floor(a.current() - 1);
    else if (/^[1-9]$/.test(e.key)) a.floor(Number(e.key) - 1);
    else if (e.key === 'p' || e.key === 'P') a.tool('path');
    else if (e.key === 'd' || e.key === 'D') a.tool('dig');
    else if (e.key === 'b' || e.key === 'B') a.tool('build');
    else if (e.key === 'a' || e.key === 'A') a.above();
    else if (e.key === 'c' || e.key === 'C') a.compare();
    else if (e.key === 'l' || e.key === 'L') a.lines();
    else if (e.key === 'h' || e.key === 'H') a.hierarchy();
    else if (e.key === 's' || e.key === 'S') a.search();
    else if (e.key === '[' || e.key === ']') a.step(e.key === ']' ? 1 : -1);
    else return;
    e.preventDefault();
  });
}

void main();
