// The hpastar demo: pick a map, click a start and a goal, see the optimal A* path.
// The terrain is drawn once into an offscreen canvas (1 px per cell) and scaled up on every frame;
// markers and the path are drawn on top, so hovering and clicking never repaint the terrain cells.
import bundledMaps from 'virtual:hpastar-maps';
import { loadHpastar, type AStar, type Grid, type Hpastar, type PathResult, type Point } from '../lib/index';

/** What end-to-end tests read. */
interface DemoState {
  /** True once the module is loaded and the current map is drawn. */
  ready: boolean;
  /** The name of the current map, e.g. `arena.map`. */
  map: string | null;
  /** The last search's answer, or null when there is none (no goal yet). */
  lastPath: { cost: number; found: boolean } | null;
}

declare global {
  interface Window {
    __hpastarDemo: DemoState;
  }
}

const demo: DemoState = { ready: false, map: null, lastPath: null };
window.__hpastarDemo = demo;

// The maps of maps/, served by the bundledMaps plugin (vite.config.ts) in dev and copied into builds.
const maps = new Map(bundledMaps.map((m) => [m.name, `${import.meta.env.BASE_URL}maps/${m.name}`] as const));
const DEFAULT_MAP = 'arena.map';
const mapSizes = new Map(bundledMaps.map((m) => [m.name, `${m.width} × ${m.height}`] as const));

async function fetchMapText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.text();
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('map-canvas');
const picker = $<HTMLSelectElement>('map-picker');
const message = $<HTMLParagraphElement>('message');
const stat = {
  cell: $('stat-cell'),
  cost: $('stat-cost'),
  expanded: $('stat-expanded'),
  time: $('stat-time'),
};
const ctx = canvas.getContext('2d')!;

// Colours come from style.css, so that the legend and the canvas cannot disagree.
const css = getComputedStyle(document.documentElement);
const colour = (name: string) => css.getPropertyValue(`--${name}`).trim();
const COLOURS = {
  start: colour('start'),
  goal: colour('goal'),
  path: colour('path'),
  background: colour('bg'),
};
const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const FREE = rgb(colour('free'));
const TERRAIN_RGB: Record<string, [number, number, number]> = {
  '.': FREE,
  G: FREE,
  S: [0xd8, 0xd2, 0xb0], // swamp: passable
  '@': rgb(colour('wall')),
  O: rgb(colour('wall')),
  T: rgb(colour('tree')),
  W: [0x9d, 0xb7, 0xc9], // water: blocked for octile search
};
const TERRAIN_NAMES: Record<string, string> = {
  '.': 'passable',
  G: 'passable',
  S: 'swamp',
  '@': 'out of bounds',
  O: 'out of bounds',
  T: 'trees',
  W: 'water',
};

let hpastar: Hpastar | null = null;
let astar: AStar | null = null;

/** The map on screen. */
interface Shown {
  name: string;
  grid: Grid;
  terrain: Uint8Array;
  image: HTMLCanvasElement;
}
let shown: Shown | null = null;
let start: Point | null = null;
let goal: Point | null = null;
let path: PathResult | null = null;
let hover: Point | null = null;
let loadToken = 0;

// Where the map lies on the canvas, in device pixels: cell (x, y) starts at (ox + x*scale, oy + y*scale).
const view = { scale: 1, ox: 0, oy: 0 };

function say(text: string, isError = false): void {
  message.textContent = text;
  message.classList.toggle('error', isError);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function terrainAt(p: Point): string {
  return shown ? String.fromCharCode(shown.terrain[p.y * shown.grid.width + p.x]!) : '';
}

function showStats(): void {
  stat.cell.textContent = hover ? `(${hover.x}, ${hover.y}) ${TERRAIN_NAMES[terrainAt(hover)] ?? terrainAt(hover)}` : '–';
  if (!path) {
    stat.cost.textContent = stat.expanded.textContent = stat.time.textContent = '–';
  }
}

// ---- drawing -------------------------------------------------------------------------------------

function makeTerrainImage(grid: Grid, terrain: Uint8Array): HTMLCanvasElement {
  const image = document.createElement('canvas');
  image.width = grid.width;
  image.height = grid.height;
  const pixels = new ImageData(grid.width, grid.height);
  const unknown: [number, number, number] = [255, 0, 255];
  for (let i = 0; i < terrain.length; i++) {
    const [r, g, b] = TERRAIN_RGB[String.fromCharCode(terrain[i]!)] ?? unknown;
    pixels.data[4 * i] = r;
    pixels.data[4 * i + 1] = g;
    pixels.data[4 * i + 2] = b;
    pixels.data[4 * i + 3] = 255;
  }
  image.getContext('2d')!.putImageData(pixels, 0, 0);
  return image;
}

function fitCanvas(): void {
  const dpr = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  const height = Math.max(1, Math.round(canvas.clientHeight * dpr));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
}

let frameRequested = false;
function requestDraw(): void {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(() => {
    frameRequested = false;
    draw();
  });
}

function draw(): void {
  fitCanvas();
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!shown) return;
  const { width, height } = shown.grid;
  const margin = 8 * (window.devicePixelRatio || 1);
  view.scale = Math.max(0.01, Math.min((canvas.width - 2 * margin) / width, (canvas.height - 2 * margin) / height));
  view.ox = Math.round((canvas.width - width * view.scale) / 2);
  view.oy = Math.round((canvas.height - height * view.scale) / 2);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(shown.image, view.ox, view.oy, width * view.scale, height * view.scale);

  const dpr = window.devicePixelRatio || 1;
  const centre = (x: number, y: number): [number, number] => [
    view.ox + (x + 0.5) * view.scale,
    view.oy + (y + 0.5) * view.scale,
  ];
  if (path?.found && path.cells.length >= 4) {
    ctx.beginPath();
    for (let i = 0; i < path.cells.length; i += 2) {
      const [cx, cy] = centre(path.cells[i]!, path.cells[i + 1]!);
      if (i === 0) ctx.moveTo(cx, cy);
      else ctx.lineTo(cx, cy);
    }
    ctx.lineWidth = Math.max(2.5 * dpr, view.scale * 0.4);
    ctx.lineJoin = ctx.lineCap = 'round';
    ctx.strokeStyle = COLOURS.path;
    ctx.stroke();
  }
  // Start is a disc and goal a square: told apart by shape as well as by colour.
  const radius = Math.max(5 * dpr, view.scale * 0.6);
  ctx.lineWidth = 1.5 * dpr;
  ctx.strokeStyle = '#fff';
  if (start) {
    const [cx, cy] = centre(start.x, start.y);
    ctx.beginPath();
    ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
    ctx.fillStyle = COLOURS.start;
    ctx.fill();
    ctx.stroke();
  }
  if (goal) {
    const [cx, cy] = centre(goal.x, goal.y);
    ctx.fillStyle = COLOURS.goal;
    ctx.fillRect(cx - radius, cy - radius, 2 * radius, 2 * radius);
    ctx.strokeRect(cx - radius, cy - radius, 2 * radius, 2 * radius);
  }
  if (hover) {
    const size = Math.max(view.scale, 3 * dpr);
    const [cx, cy] = centre(hover.x, hover.y);
    ctx.lineWidth = dpr;
    ctx.strokeStyle = '#000';
    ctx.strokeRect(cx - size / 2, cy - size / 2, size, size);
  }
}

// ---- interaction ---------------------------------------------------------------------------------

function cellAt(event: MouseEvent): Point | null {
  if (!shown) return null;
  const rect = canvas.getBoundingClientRect();
  const px = ((event.clientX - rect.left) / rect.width) * canvas.width;
  const py = ((event.clientY - rect.top) / rect.height) * canvas.height;
  const x = Math.floor((px - view.ox) / view.scale);
  const y = Math.floor((py - view.oy) / view.scale);
  return x >= 0 && y >= 0 && x < shown.grid.width && y < shown.grid.height ? { x, y } : null;
}

function search(): void {
  if (!shown || !astar || !start || !goal) return;
  const t0 = performance.now();
  try {
    path = astar.findPath(shown.grid, start, goal);
  } catch (error) {
    path = null;
    demo.lastPath = null;
    say(errorText(error), true);
    return;
  }
  const ms = performance.now() - t0;
  demo.lastPath = { cost: path.cost, found: path.found };
  stat.cost.textContent = path.found ? path.cost.toFixed(4) : 'no path';
  stat.expanded.textContent = path.expanded.toLocaleString('en');
  stat.time.textContent = `${ms.toFixed(2)} ms`;
  say(
    path.found
      ? `Path of ${path.cells.length / 2} cells. Click to start a new path from another cell.`
      : 'No path: start and goal are not connected. Click to start again.',
  );
}

function onClick(event: MouseEvent): void {
  if (!demo.ready || !shown) return;
  const cell = cellAt(event);
  if (!cell) return;
  if (!shown.grid.passable(cell.x, cell.y)) {
    const what = TERRAIN_NAMES[terrainAt(cell)] ?? 'blocked';
    say(`(${cell.x}, ${cell.y}) is ${what}: pick a passable cell.`, true);
    return;
  }
  if (!start || goal) {
    // First click, or a third one: (re)start from here.
    start = cell;
    goal = null;
    path = null;
    demo.lastPath = null;
    showStats();
    say(`Start at (${cell.x}, ${cell.y}). Now click the goal.`);
  } else {
    goal = cell;
    search();
  }
  requestDraw();
}

function onMove(event: MouseEvent): void {
  const cell = cellAt(event);
  if (cell?.x === hover?.x && cell?.y === hover?.y) return;
  hover = cell;
  showStats();
  requestDraw();
}

function clearPath(): void {
  start = goal = path = null;
  demo.lastPath = null;
  showStats();
  requestDraw();
}

// ---- maps ----------------------------------------------------------------------------------------

async function showMap(name: string): Promise<void> {
  const url = maps.get(name);
  if (!hpastar) return;
  if (!url) {
    say(`No map named ${name}.`, true);
    return;
  }
  const token = ++loadToken;
  demo.ready = false;
  picker.value = name;
  say(`Loading ${name}…`);
  try {
    const text = await fetchMapText(url);
    if (token !== loadToken) return; // another map was picked meanwhile
    const grid = hpastar.Grid.fromMovingAI(text, name);
    const terrain = grid.terrain();
    const image = makeTerrainImage(grid, terrain);
    shown?.grid.dispose();
    shown = { name, grid, terrain, image };
  } catch (error) {
    if (token === loadToken) {
      say(`Cannot show ${name}: ${errorText(error)}`, true);
      demo.ready = shown !== null; // the previous map stays usable
      if (shown) picker.value = shown.name;
    }
    return;
  }
  hover = null;
  clearPath();
  demo.map = name;
  demo.ready = true;
  const pageUrl = new URL(window.location.href);
  pageUrl.searchParams.set('map', name);
  window.history.replaceState(null, '', pageUrl);
  say(`${name}: ${shown.grid.width} × ${shown.grid.height}. Click a passable cell to set the start.`);
}

async function main(): Promise<void> {
  for (const name of maps.keys()) picker.add(new Option(`${name} (${mapSizes.get(name)})`, name));
  picker.addEventListener('change', () => void showMap(picker.value));
  canvas.addEventListener('click', onClick);
  canvas.addEventListener('mousemove', onMove);
  canvas.addEventListener('mouseleave', () => {
    hover = null;
    showStats();
    requestDraw();
  });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      clearPath();
      if (demo.ready) say('Cleared. Click a passable cell to set the start.');
    }
  });
  new ResizeObserver(requestDraw).observe(canvas);

  try {
    hpastar = await loadHpastar();
    astar = new hpastar.AStar();
  } catch (error) {
    say(`Cannot load the WebAssembly module (run "npm run build:wasm"): ${errorText(error)}`, true);
    return;
  }
  picker.disabled = false;
  const wanted = new URLSearchParams(window.location.search).get('map');
  await showMap(wanted && maps.has(wanted) ? wanted : maps.has(DEFAULT_MAP) ? DEFAULT_MAP : [...maps.keys()][0]!);
}

void main();
