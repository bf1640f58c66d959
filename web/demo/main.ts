// The hpastar demo: pick, open, generate or draw a map; click (or drag) a start and a goal; see how
// A*, HPA* and DHPA* find the path, with overlays of the hierarchy; compare the algorithms; paint
// walls and watch the hierarchy update; run a crowd of agents whose searches run in the worker pool.
// Everything goes through the package's public API (../lib/index), as a game would use it.
//
// The terrain is drawn once into an image (one pixel per cell, patched where cells change) and scaled
// on every frame; overlays are drawn on top, only the visible part of each.
import bundledMaps from 'virtual:hpastar-maps';
import { loadHpastar, PathQueryError, type Hpastar, type PathResult, type Point, type SearchPhase, type TerrainEdit } from '../lib/index';
import { DEFAULT_SETTINGS, Planners, algoInfo, algorithmChoice, hierarchyOptions, timeIt, type AlgoId, type AlgoInfo, type QueryOutcome, type SearchSettings } from './algorithms';
import { ComparePanel } from './compare';
import { Crowd, type CrowdMetrics } from './crowd';
import { errorText, fmtInt, fmtMs, plural } from './format';
import { ExactGraphs, RectDijkstra, components, connections, layoutOf, passableCode, type Layout, type LevelGraph } from './hierarchyView';
import {
  GENERATOR_DEFAULTS,
  GROUND,
  WALL,
  generate,
  generatorName,
  parseGeneratorName,
  parseScenarios,
  seeded,
  toMovingAI,
  type GeneratorKind,
  type GeneratorParams,
  type Scenario,
} from './maps';
import { Flashes, SET_OVERLAYS, SearchSets, componentsImage, drawAbstractPath, drawClusterBorders, drawConnections, drawEnds, drawGraph, drawPath, drawTransitions, shpaClusterImage } from './render/overlays';
import { PALETTE, exportPaletteToCss } from './render/palette';
import { readPermalink, writePermalink, type Mode } from './permalink';
import { TERRAIN_NAMES, TerrainImage, Viewport } from './render/view';

// ---- what end-to-end tests read ----------------------------------------------------------------

interface DemoState {
  /** True once the module is loaded and the current map is drawn (and its planner built). */
  ready: boolean;
  /** The map's name: `arena.map`, a generator name, or a file's name. */
  map: string | null;
  width: number;
  height: number;
  algo: AlgoId;
  settings: SearchSettings;
  mode: Mode;
  overlays: string[];
  /** The last search's answer, or null when there is none. */
  lastPath: {
    found: boolean;
    cost: number;
    algo: AlgoId;
    cells: number;
    unsmoothedCost: number;
    waypoints: number;
    expanded: { sg: number; main: number; refine: number };
    ms: number;
  } | null;
  /** The query's ends. */
  start: Point | null;
  goal: Point | null;
  /** A*'s cost for the same query. */
  optimalCost: number | null;
  /** Terrain edits so far, and the last update of the current planner. */
  edits: { batches: number; cells: number; lastMs: number; clustersRebuilt: number[]; flashed: number };
  /** The exported level-1 graph's node and edge counts against the planner's stats. */
  hierarchyCheck: { nodes: [number, number]; edges: [number, number] } | null;
  /** The traced searches drawn (per phase: searches, closed and open cells), or null. */
  searchSets: { phase: SearchPhase; level: number; closed: number; open: number }[] | null;
  crowd: CrowdMetrics | null;
  frame: { fps: number; meanMs: number; p95Ms: number; maxMs: number; samples: number };
  /** Time of the last frame's work (update and draw), ms. */
  lastFrameMs: number;
  compare: ComparePanel['state'] | null;
  crossOriginIsolated: boolean;
  /** The client point of a cell's centre (what a test clicks). */
  cellToClient(x: number, y: number): { clientX: number; clientY: number };
  /** Resets the frame-time statistics (a test measures from here). */
  resetFrameStats(): void;
  /** Draws the next frame (tests compare pixels of fresh frames). */
  redraw(): void;
}

declare global {
  interface Window {
    __hpastarDemo: DemoState;
  }
}

// ---- elements -----------------------------------------------------------------------------------

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('map-canvas');
const ctx = canvas.getContext('2d')!;
const picker = $<HTMLSelectElement>('map-picker');
const algoPicker = $<HTMLSelectElement>('algo');
const messageEl = $<HTMLParagraphElement>('message');
const optCluster = $<HTMLInputElement>('opt-cluster');
const optEntrance = $<HTMLInputElement>('opt-entrance');
const optSmooth = $<HTMLInputElement>('opt-smooth');
const optCache = $<HTMLInputElement>('opt-cache');
const optPrune = $<HTMLInputElement>('opt-prune');
const optLandmarks = $<HTMLInputElement>('opt-landmarks');
const optTable = $<HTMLInputElement>('opt-table');
const buildInfo = $('build-info');
const brushSize = $<HTMLInputElement>('brush-size');
const hudCell = $('hud-cell');
const hudZoom = $('hud-zoom');
const overlayBoxes = [...document.querySelectorAll<HTMLInputElement>('input[data-overlay]')];
const num = (id: string) => $(id);
const N = {
  time: num('n-time'), sg: num('n-sg'), main: num('n-main'), refine: num('n-refine'), expanded: num('n-expanded'), abstract: num('n-abstract'),
  cost: num('n-cost'), unsmoothed: num('n-unsmoothed'), optimal: num('n-optimal'), astar: num('n-astar'), subopt: num('n-subopt'), edit: num('n-edit'),
};
const C = {
  pool: num('c-pool'), fps: num('c-fps'), frame: num('c-frame'), searches: num('c-searches'), load: num('c-load'), agents: num('c-agents'), arrivals: num('c-arrivals'),
};
const agentsSlider = $<HTMLInputElement>('agents');
const speedSlider = $<HTMLInputElement>('agent-speed');
const crowdToggle = $<HTMLButtonElement>('crowd-toggle');
const comparePanel = new ComparePanel($('compare'));

// ---- state --------------------------------------------------------------------------------------

type MapSource = { kind: 'bundled'; name: string } | { kind: 'gen'; params: GeneratorParams } | { kind: 'file'; name: string };

interface Shown {
  name: string;
  source: MapSource;
  width: number;
  height: number;
  /** The terrain on screen: the truth the image, the overlays and the crowd read. */
  terrain: Uint8Array;
  planners: Planners;
  image: TerrainImage;
  edited: boolean;
}

const bundled = new Map(bundledMaps.map((m) => [m.name, m] as const));
const DEFAULT_MAP = 'den520d.map';
const view = new Viewport(canvas);
let hp: Hpastar | null = null;
let shown: Shown | null = null;
let loadToken = 0;
let algorithms = algorithmChoice(null);
let algo: AlgoInfo = algoInfo('hpa2');
let settings: SearchSettings = { ...DEFAULT_SETTINGS };
let mode: Mode = 'explore';
let tool: 'path' | 'brush' | 'rect' | 'eraser' = 'path';
let start: Point | null = null;
let goal: Point | null = null;
let outcome: QueryOutcome | null = null;
let reference: (PathResult & { ms: number }) | null = null;
let referenceStale = false;
let lastAStarMs = 0;
let hover: Point | null = null;
/** True when an abstract graph overlay is on but the view is too zoomed out to draw it. */
let graphHidden = false;
let rectDrag: { from: Point; to: Point; erase: boolean } | null = null;
let crowd: Crowd | null = null;
let crowdStarting = false;
const flashes = new Flashes();
const graphs = new ExactGraphs();
const dijkstra = new RectDijkstra();
const searchSets = new SearchSets();
/** The query whose trace `searchSets` holds (traced when a sets overlay is first shown for it). */
let tracedOutcome: QueryOutcome | null = null;
let shpaClusters: { planner: object; image: HTMLCanvasElement } | null = null;
let componentsCache: { image: HTMLCanvasElement; count: number; at: number } | null = null;
let componentsDirty = true;
const scenarioCache = new Map<string, Promise<Scenario[] | null>>();

const demo: DemoState = {
  ready: false, map: null, width: 0, height: 0, algo: algo.id, settings, mode, overlays: [], lastPath: null, optimalCost: null, start: null, goal: null,
  edits: { batches: 0, cells: 0, lastMs: 0, clustersRebuilt: [], flashed: 0 }, hierarchyCheck: null, searchSets: null, crowd: null,
  frame: { fps: 0, meanMs: 0, p95Ms: 0, maxMs: 0, samples: 0 }, lastFrameMs: 0, compare: comparePanel.state, crossOriginIsolated: globalThis.crossOriginIsolated === true,
  cellToClient: (x, y) => view.cellToClient(x, y),
  resetFrameStats: () => {
    frameTimes.length = 0;
    frameGaps.length = 0;
  },
  redraw: () => requestDraw(),
};
window.__hpastarDemo = demo;

function say(text: string, isError = false): void {
  messageEl.textContent = text;
  messageEl.classList.toggle('error', isError);
}


// ---- overlays state -----------------------------------------------------------------------------

const overlayOn = (id: string) => overlayBoxes.some((b) => b.dataset.overlay === id && b.checked && !b.disabled);

function currentLayout(): Layout | null {
  if (!shown || algo.levels === 0) return null;
  const o = hierarchyOptions(algo, settings);
  return layoutOf(shown.width, shown.height, o.clusterSize!, o.levels!, o.clusterGroup!);
}

/** The exact graph of `level` of the planner on screen, or null when it is not built (never built here). */
function currentGraph(level: number): LevelGraph | null {
  const layout = currentLayout();
  const planner = shown?.planners.builtPlanner(algo, settings);
  if (!layout || !planner || level > layout.sides.length) return null;
  return graphs.get(planner, level, layout);
}

/** The phases whose open and closed sets are shown. */
function shownPhases(): Set<SearchPhase> {
  const phases = new Set<SearchPhase>();
  for (const [id, list] of Object.entries(SET_OVERLAYS)) if (overlayOn(id)) for (const p of list) phases.add(p);
  return phases;
}

/** Traces the query on screen once a sets overlay wants it (a second run, not timed). */
function currentTrace(): void {
  if (!shown || !start || !goal || !outcome || mode === 'crowd') {
    searchSets.set(null);
    tracedOutcome = null;
  } else if (tracedOutcome !== outcome) {
    tracedOutcome = outcome;
    searchSets.set(shown.planners.trace(algo, settings, start, goal));
  }
  const trace = searchSets.trace;
  demo.searchSets = trace ? trace.searches.map((s) => ({ phase: s.phase, level: s.level, closed: s.closed.length / 2, open: s.open.length / 2 })) : null;
}

function currentShpaClusters(): HTMLCanvasElement | null {
  const planner = shown?.planners.builtShpa(settings);
  if (!shown || !planner) return null;
  if (shpaClusters?.planner !== planner) shpaClusters = { planner, image: shpaClusterImage(planner.clusterMap(), shown.width, shown.height) };
  return shpaClusters.image;
}

function currentComponents(): HTMLCanvasElement | null {
  if (!shown) return null;
  const now = performance.now();
  if (componentsDirty && (!componentsCache || now - componentsCache.at > 250)) {
    const { labels, count } = components(shown.terrain, shown.width, shown.height);
    componentsCache = { image: componentsImage(labels, shown.width, shown.height), count, at: now };
    componentsDirty = false;
  } else if (componentsDirty) requestDraw(); // stale for a moment: draw again soon
  return componentsCache?.image ?? null;
}

/** Enables the overlays that the algorithm has. */
function syncOverlayAvailability(): void {
  for (const box of overlayBoxes) {
    const id = box.dataset.overlay!;
    let available = true;
    if (/^(b|graph)\d$/.test(id)) available = algo.levels >= Number(id.replace(/\D/g, ''));
    else if (['nodes', 'graph', 'abstract', 'sets-sg'].includes(id)) available = algo.levels > 0;
    else if (id === 'refined' || id === 'sets-refine') available = algo.kind !== 'astar';
    else if (id === 'sclusters') available = algo.kind === 'shpa';
    box.disabled = !available;
  }
  demo.overlays = overlayBoxes.filter((b) => b.checked && !b.disabled).map((b) => b.dataset.overlay!);
}

// ---- drawing ------------------------------------------------------------------------------------

let frameRequested = false;
let looping = false;
const frameTimes: number[] = [];
const frameGaps: number[] = [];
let lastFrameAt = 0;

function requestDraw(): void {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(frame);
}

function frame(now: number): void {
  frameRequested = false;
  const t0 = performance.now();
  const dt = lastFrameAt ? (now - lastFrameAt) / 1000 : 0;
  if (crowd) crowd.update(dt);
  draw();
  const work = performance.now() - t0;
  demo.lastFrameMs = work;
  looping = crowd !== null || flashes.active;
  if (looping) {
    if (lastFrameAt) {
      frameGaps.push(now - lastFrameAt);
      frameTimes.push(work);
      if (frameTimes.length > 600) frameTimes.shift(), frameGaps.shift();
    }
    lastFrameAt = now;
    showCrowdNumbers();
    requestDraw();
  } else lastFrameAt = 0;
}

function draw(): void {
  view.resize();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!shown) return;
  view.applyTransform(ctx);
  // Enlarged: crisp cells. Reduced (big maps): averaged, or the picture shimmers with moiré.
  ctx.imageSmoothingEnabled = view.scale < 1;
  ctx.imageSmoothingQuality = 'medium';
  ctx.drawImage(shown.image.canvas, 0, 0);
  ctx.imageSmoothingEnabled = false;
  const wasHidden = graphHidden;
  graphHidden = false;
  if (overlayOn('components')) {
    const image = currentComponents();
    if (image) {
      ctx.globalAlpha = 0.45;
      ctx.drawImage(image, 0, 0);
      ctx.globalAlpha = 1;
    }
  }
  const vis = view.visibleCells();
  if (overlayOn('sclusters')) {
    const image = currentShpaClusters();
    if (image) ctx.drawImage(image, 0, 0);
  }
  const phases = shownPhases();
  if (phases.size) {
    currentTrace();
    searchSets.draw(ctx, view, phases, vis);
  }
  const layout = currentLayout();
  if (layout) {
    const levels = [1, 2, 3].filter((l) => overlayOn(`b${l}`));
    drawClusterBorders(ctx, view, layout, levels, vis);
    // Upper levels first: the level-1 graph, the densest, on top.
    for (const level of [3, 2, 1]) {
      if (!overlayOn(level === 1 ? 'graph' : `graph${level}`)) continue;
      const lg = currentGraph(level);
      if (lg && !drawGraph(ctx, view, layout, lg, vis)) graphHidden = true;
    }
    const level1 = overlayOn('graph') || overlayOn('nodes') ? currentGraph(1) : null;
    if (level1 && overlayOn('graph') && !graphHidden && mode !== 'crowd') {
      for (const end of [start && { ...start, colour: PALETTE.start }, goal && { ...goal, colour: PALETTE.goal }]) {
        if (end) drawConnections(ctx, view, connections(shown.terrain, layout, level1, end.x, end.y, dijkstra), end.colour);
      }
    }
    if (level1 && overlayOn('nodes')) drawTransitions(ctx, view, level1, vis, shown.width, shown.height);
  }
  if (mode !== 'crowd') {
    if (reference?.found && overlayOn('reference')) drawPath(ctx, view, reference.cells, { colour: PALETTE.reference, width: 2, dash: [2, 3] });
    if (outcome?.found) {
      // The found path wide, the unsmoothed one narrower on top: where they agree, orange inside blue.
      if (overlayOn('path')) drawPath(ctx, view, outcome.cells, { colour: PALETTE.path, width: 5, minCells: 0.3 });
      if (outcome.unsmoothed && overlayOn('refined')) drawPath(ctx, view, outcome.unsmoothed, { colour: PALETTE.refined, width: 2, minCells: 0.1 });
      if (outcome.waypoints && overlayOn('abstract')) drawAbstractPath(ctx, view, outcome.waypoints);
    }
    drawEnds(ctx, view, start, goal);
  }
  crowd?.draw(ctx, view);
  flashes.draw(ctx, view);
  if (graphHidden !== wasHidden) showHud();
  const px = view.dpr / view.scale;
  if (rectDrag) {
    const x0 = Math.min(rectDrag.from.x, rectDrag.to.x), y0 = Math.min(rectDrag.from.y, rectDrag.to.y);
    const x1 = Math.max(rectDrag.from.x, rectDrag.to.x) + 1, y1 = Math.max(rectDrag.from.y, rectDrag.to.y) + 1;
    ctx.fillStyle = rectDrag.erase ? '#ffffff88' : '#00000066';
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    ctx.strokeStyle = PALETTE.brush;
    ctx.lineWidth = 2 * px;
    ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
  }
  if (hover) {
    const r = tool === 'brush' || tool === 'eraser' ? Number(brushSize.value) - 1 : 0;
    const size = Math.max(1, 3 * px);
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = tool === 'path' ? '#000' : PALETTE.brush;
    if (r === 0) ctx.strokeRect(hover.x + 0.5 - size / 2, hover.y + 0.5 - size / 2, size, size);
    else ctx.strokeRect(hover.x - r, hover.y - r, 2 * r + 1, 2 * r + 1);
  }
}

// ---- numbers ------------------------------------------------------------------------------------

function showNumbers(): void {
  const o = outcome;
  const set = (el: HTMLElement, text: string) => (el.textContent = text);
  if (!o) {
    for (const key of ['time', 'sg', 'main', 'refine', 'expanded', 'abstract', 'cost', 'unsmoothed', 'optimal', 'astar', 'subopt'] as const) set(N[key], '–');
    return;
  }
  set(N.time, fmtMs(o.ms));
  set(N.sg, fmtInt(o.stats.expandedInsertion));
  set(N.main, fmtInt(o.stats.expandedMain));
  set(N.refine, fmtInt(o.stats.expandedRefinement));
  set(N.expanded, fmtInt(o.expanded));
  set(N.abstract, o.algo.kind !== 'astar' ? fmtInt(o.stats.abstractPathNodes) : '–');
  set(N.cost, o.found ? o.cost.toFixed(4) : 'no path');
  set(N.unsmoothed, o.found && o.unsmoothed ? o.unsmoothedCost.toFixed(4) : '–');
  if (reference && !referenceStale) {
    set(N.optimal, reference.found ? reference.cost.toFixed(4) : 'no path');
    set(N.astar, `${fmtMs(reference.ms)}, ${fmtInt(reference.expanded)} expanded`);
    const excess = o.found && reference.found && reference.cost > 0 ? Math.max(0, o.cost / reference.cost - 1) : NaN;
    set(N.subopt, Number.isFinite(excess) ? `${(100 * excess).toFixed(2)} %` : '–');
  } else {
    set(N.optimal, referenceStale ? '(on release)' : '–');
    set(N.astar, '–');
    set(N.subopt, '–');
  }
}

function showBuildInfo(): void {
  if (!shown || algo.kind === 'astar') {
    buildInfo.textContent = 'A* searches the grid itself: nothing to build.';
    demo.hierarchyCheck = null;
    return;
  }
  if (algo.kind === 'shpa') {
    const { planner, buildMs } = shown.planners.shpa(settings);
    const s = planner.stats;
    const part = (n: number | undefined, what: string) => (n === undefined ? '' : `, ${plural(n, what)}`);
    buildInfo.textContent =
      `Built in ${fmtMs(buildMs)} (core: ${fmtMs(s.buildMs)}), ${(s.bytes / 1024).toFixed(0)} KiB` +
      `${part(s.clusters, 'cluster')}${part(s.nodes, 'node')}${part(s.components, 'connected component')}. ` +
      `Clusters of any shape up to ${settings.clusterSize} cells wide (the cluster size); static maps: an edit rebuilds it all.`;
    demo.hierarchyCheck = null;
    return;
  }
  const { planner, buildMs } = shown.planners.planner(hierarchyOptions(algo, settings));
  const s = planner.stats;
  const levels = s.levels.map((l) => `L${l.level}: ${fmtInt(l.clusters)} clusters, ${fmtInt(l.nodes)} nodes, ${fmtInt(l.interEdges + l.intraEdges)} edges`).join('; ');
  // The overlays draw the planner's own graph: its counts must be the stats' (a mismatch is a bug shown).
  const g = currentGraph(1)?.graph;
  const l1 = s.levels[0]!;
  demo.hierarchyCheck = g ? { nodes: [g.nodes.length / 2, l1.nodes], edges: [g.edgeFrom.length, l1.interEdges + l1.intraEdges] } : null;
  const mismatch = g !== undefined && (g.nodes.length / 2 !== l1.nodes || g.edgeFrom.length !== l1.interEdges + l1.intraEdges);
  buildInfo.textContent =
    `Built in ${fmtMs(buildMs)} (core: ${fmtMs(s.buildMs)}), ${(s.bytes / 1024).toFixed(0)} KiB. ${levels}. ` +
    `${plural(s.entrances, 'entrance')}, ${plural(s.components, 'connected component')}.` +
    (settings.distanceTable
      ? s.distanceTableNodes > 0
        ? ` Distance table: ${fmtInt(s.distanceTableNodes)} nodes, abstract paths read off it.`
        : ` No distance table: the top level has more than 4,096 nodes.`
      : '') +
    (mismatch ? ` ⚠ The exported graph differs from the stats (${g.nodes.length / 2} nodes, ${g.edgeFrom.length} edges).` : '');
}

function showEditNumbers(cells: number, ms: number, rebuilt: readonly number[]): void {
  N.edit.textContent = `${cells} cells, ${fmtMs(ms)}` + (rebuilt.length ? `, rebuilt ${rebuilt.map((n, i) => `L${i + 1}: ${n}`).join(' ')}` : '');
}

function showCrowdNumbers(): void {
  const sorted = [...frameTimes].sort((a, b) => a - b);
  const mean = frameTimes.reduce((a, b) => a + b, 0) / Math.max(1, frameTimes.length);
  const p95 = sorted[Math.floor(0.95 * (sorted.length - 1))] ?? 0;
  const gaps = frameGaps.slice(-60);
  const fps = gaps.length ? 1000 / (gaps.reduce((a, b) => a + b, 0) / gaps.length) : 0;
  demo.frame = { fps, meanMs: mean, p95Ms: p95, maxMs: sorted[sorted.length - 1] ?? 0, samples: frameTimes.length };
  if (!crowd) return;
  const m = crowd.metrics;
  demo.crowd = { ...m };
  if (mode !== 'crowd') return;
  C.pool.textContent = `${m.poolMode}, ${m.poolWorkers} ${m.poolMode === 'shared' ? 'thread' : 'worker'}${m.poolWorkers === 1 ? '' : 's'}`;
  C.pool.title = m.poolReason;
  C.fps.textContent = fps.toFixed(0);
  C.frame.textContent = `${mean.toFixed(2)} ms mean, ${p95.toFixed(2)} p95`;
  C.searches.textContent = `${fmtInt(m.searchesPerSecond)}, all in the pool (plans ${fmtInt(m.plansPerSecond)}, segments ${fmtInt(m.segmentsPerSecond)})`;
  C.load.textContent = `${(100 * m.poolBusy).toFixed(0)} % busy, ${m.inFlight} in flight`;
  C.agents.textContent = `${m.walking} walking, ${m.waiting} waiting, ${m.agents - m.walking - m.waiting} planning`;
  C.arrivals.textContent = `${fmtInt(m.arrivals)}, ${fmtInt(m.replans)}`;
}

// ---- queries ------------------------------------------------------------------------------------

/**
 * Runs the current algorithm on the query (and A* for reference). While a marker is dragged on a map
 * where A* is slow, the reference waits for the release.
 */
function runQuery(dragging = false): void {
  demo.start = start;
  demo.goal = goal;
  if (!shown || !start || !goal) {
    outcome = null;
    reference = null;
    demo.lastPath = null;
    demo.optimalCost = null;
    showNumbers();
    requestDraw();
    return;
  }
  try {
    outcome = shown.planners.run(algo, settings, start, goal, true);
    if (!dragging) {
      // One search is too short to time alone: the mean of repeated runs (within ~3 ms).
      const s = shown, a = start, g = goal;
      outcome.ms = timeIt(() => s.planners.run(algo, settings, a, g, false), 3, 50);
    }
    if (algo.kind === 'astar') {
      reference = { ...outcome, cells: outcome.cells, status: outcome.found ? 'found' : 'no path', ms: outcome.ms } as PathResult & { ms: number };
      referenceStale = false;
      lastAStarMs = outcome.ms;
    } else if (!dragging || lastAStarMs < 20) {
      const t0 = performance.now();
      const r = shown.planners.astar(start, goal);
      lastAStarMs = performance.now() - t0;
      if (!dragging && lastAStarMs < 3) {
        const s = shown, a = start, g = goal;
        lastAStarMs = timeIt(() => s.planners.astar(a, g), 3, 50);
      }
      reference = { ...r, ms: lastAStarMs };
      referenceStale = false;
    } else referenceStale = true;
  } catch (error) {
    outcome = null;
    reference = null;
    demo.lastPath = null;
    say(error instanceof PathQueryError ? `${error.message}. Move the start or the goal.` : errorText(error), true);
    showNumbers();
    requestDraw();
    return;
  }
  const o = outcome;
  demo.lastPath = {
    found: o.found, cost: o.cost, algo: o.algo.id, cells: o.cells.length / 2, unsmoothedCost: o.unsmoothedCost, waypoints: (o.waypoints?.length ?? 0) / 2,
    expanded: { sg: o.stats.expandedInsertion, main: o.stats.expandedMain, refine: o.stats.expandedRefinement }, ms: o.ms,
  };
  demo.optimalCost = reference && !referenceStale ? reference.cost : null;
  showNumbers();
  if (!dragging) {
    say(
      o.found
        ? `${o.algo.label}: a path of ${o.cells.length / 2} cells, cost ${o.cost.toFixed(3)}. Drag the start or the goal; paint walls with the brush.`
        : 'No path: start and goal are not connected.',
    );
  }
  updateUrl();
  requestDraw();
}

// ---- terrain edits ------------------------------------------------------------------------------

/** Changes cells to `code` (start and goal are kept free); updates planners, overlays and crowd. */
function paint(cells: Iterable<[number, number]>, code: number): void {
  if (!shown) return;
  const s = shown;
  const edits: TerrainEdit[] = [];
  const changedPassability: [number, number][] = [];
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  const terrain = String.fromCharCode(code);
  const seen = new Set<number>();
  for (const [x, y] of cells) {
    if (x < 0 || y < 0 || x >= s.width || y >= s.height) continue;
    const i = y * s.width + x;
    if (seen.has(i) || s.terrain[i] === code) continue;
    seen.add(i);
    if (mode !== 'crowd' && ((start && start.x === x && start.y === y) || (goal && goal.x === x && goal.y === y))) continue;
    if (passableCode(s.terrain[i]!) !== passableCode(code)) changedPassability.push([x, y]);
    s.terrain[i] = code;
    edits.push({ x, y, terrain });
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + 1);
    y1 = Math.max(y1, y + 1);
  }
  if (!edits.length) return;
  s.edited = true;
  s.image.update(s.terrain, x0, y0, x1, y1);
  const mine = s.planners.applyEdits(edits, algo.levels ? hierarchyOptions(algo, settings) : null) ?? undefined;
  crowd?.applyEdits(edits);
  const ms = mine?.ms ?? crowd?.metrics.lastUpdateMs ?? 0;
  demo.edits.batches++;
  demo.edits.cells += edits.length;
  demo.edits.lastMs = ms;
  demo.edits.clustersRebuilt = [...(mine?.clustersRebuilt ?? [])];
  showEditNumbers(edits.length, ms, mine?.clustersRebuilt ?? []);
  // The clusters the planner rebuilt, as it reports them (its graph is fetched again when drawn).
  if (mine) demo.edits.flashed += flashes.add(mine.rebuilt);
  if (changedPassability.length) componentsDirty = true;
  if (algo.kind === 'shpa') {
    // SHPA* is for static maps: its graph is built again from the edited terrain.
    const ms = s.planners.prepare(algo, settings);
    showEditNumbers(edits.length, ms, []);
    N.edit.textContent += ' (SHPA*: whole graph rebuilt, static maps only)';
    demo.edits.lastMs = ms;
  }
  if (start && goal && mode !== 'crowd') runQuery(true);
  // The figures (and the overlays' own count of the hierarchy) once the stroke pauses.
  clearTimeout(buildInfoTimer);
  buildInfoTimer = window.setTimeout(showBuildInfo, 250);
  requestDraw();
}

let buildInfoTimer = 0;

function brushCells(cx: number, cy: number): [number, number][] {
  const r = Number(brushSize.value) - 1;
  const out: [number, number][] = [];
  for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) out.push([x, y]);
  return out;
}

/** The cells on the segment a → b (Bresenham), so that a fast stroke leaves no gaps. */
function lineCells(a: Point, b: Point): Point[] {
  const out: Point[] = [];
  let x = a.x, y = a.y;
  const dx = Math.abs(b.x - a.x), dy = -Math.abs(b.y - a.y);
  const sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push({ x, y });
    if (x === b.x && y === b.y) break;
    const e2 = 2 * err;
    if (e2 >= dy) (err += dy), (x += sx);
    if (e2 <= dx) (err += dx), (y += sy);
  }
  return out;
}

// ---- pointer: click, drag markers, pan, pinch, paint --------------------------------------------

type Gesture =
  | { kind: 'pending'; x: number; y: number; cell: Point }
  | { kind: 'pan'; x: number; y: number }
  | { kind: 'marker'; which: 'start' | 'goal' }
  | { kind: 'paint'; last: Point; code: number }
  | { kind: 'rect' }
  | { kind: 'pinch'; distance: number; cx: number; cy: number };

const pointers = new Map<number, { x: number; y: number }>();
let gesture: Gesture | null = null;

const insideMap = (p: Point) => !!shown && p.x >= 0 && p.y >= 0 && p.x < shown.width && p.y < shown.height;
const isFree = (p: Point) => !!shown && insideMap(p) && passableCode(shown.terrain[p.y * shown.width + p.x]!);

function nearMarker(p: Point): 'start' | 'goal' | null {
  const reach = Math.max(1, Math.ceil((8 * view.dpr) / view.scale));
  const near = (m: Point | null) => m && Math.abs(m.x - p.x) <= reach && Math.abs(m.y - p.y) <= reach;
  if (near(goal)) return 'goal';
  if (near(start)) return 'start';
  return null;
}

function pinchOf(): { distance: number; cx: number; cy: number } {
  const [a, b] = [...pointers.values()];
  return { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), cx: (a!.x + b!.x) / 2, cy: (a!.y + b!.y) / 2 };
}

function onPointerDown(e: PointerEvent): void {
  if (!demo.ready || !shown) return;
  try {
    canvas.setPointerCapture(e.pointerId);
  } catch {
    // synthetic events (tests) have no active pointer to capture
  }
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pointers.size === 2) {
    gesture = { kind: 'pinch', ...pinchOf() };
    rectDrag = null;
    return;
  }
  if (pointers.size > 2) return;
  const cell = view.cellAt(e.clientX, e.clientY);
  if (e.button === 1 || e.button === 2) {
    gesture = { kind: 'pan', x: e.clientX, y: e.clientY };
    canvas.classList.add('panning');
    return;
  }
  if (tool === 'path') {
    const marker = mode === 'crowd' ? null : nearMarker(cell);
    gesture = marker ? { kind: 'marker', which: marker } : { kind: 'pending', x: e.clientX, y: e.clientY, cell };
  } else if (tool === 'rect') {
    gesture = { kind: 'rect' };
    rectDrag = { from: cell, to: cell, erase: e.shiftKey };
  } else {
    const code = tool === 'eraser' || e.shiftKey ? GROUND : WALL;
    gesture = { kind: 'paint', last: cell, code };
    paint(brushCells(cell.x, cell.y), code);
  }
}

function onPointerMove(e: PointerEvent): void {
  const cell = view.cellAt(e.clientX, e.clientY);
  const hoverCell = insideMap(cell) ? cell : null;
  if (hoverCell?.x !== hover?.x || hoverCell?.y !== hover?.y) {
    hover = hoverCell;
    showHud();
    requestDraw();
  }
  const p = pointers.get(e.pointerId);
  if (!p) return;
  const dx = e.clientX - p.x, dy = e.clientY - p.y;
  p.x = e.clientX;
  p.y = e.clientY;
  if (!gesture) return;
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  switch (gesture.kind) {
    case 'pinch': {
      if (pointers.size < 2) return;
      const now = pinchOf();
      const [px, py] = view.toDevice(now.cx, now.cy);
      view.pan((now.cx - gesture.cx) * scale, (now.cy - gesture.cy) * scale);
      if (gesture.distance > 0) view.zoomAt(px, py, now.distance / gesture.distance);
      Object.assign(gesture, now);
      break;
    }
    case 'pending':
      if (Math.hypot(e.clientX - gesture.x, e.clientY - gesture.y) > 5) {
        // A drag, not a click: pan by the whole movement since the pointer went down.
        view.pan((e.clientX - gesture.x) * scale, (e.clientY - gesture.y) * scale);
        gesture = { kind: 'pan', x: e.clientX, y: e.clientY };
        canvas.classList.add('panning');
        break;
      }
      return;
    case 'pan':
      view.pan(dx * scale, dy * scale);
      break;
    case 'marker': {
      if (!isFree(cell)) return;
      const m = gesture.which === 'start' ? start : goal;
      if (m && m.x === cell.x && m.y === cell.y) return;
      if (gesture.which === 'start') start = cell;
      else goal = cell;
      runQuery(true);
      break;
    }
    case 'paint': {
      const cells: [number, number][] = [];
      for (const c of lineCells(gesture.last, cell)) cells.push(...brushCells(c.x, c.y));
      gesture.last = cell;
      paint(cells, gesture.code);
      break;
    }
    case 'rect':
      if (rectDrag) rectDrag.to = cell;
      break;
  }
  showHud();
  requestDraw();
}

function onPointerUp(e: PointerEvent): void {
  pointers.delete(e.pointerId);
  canvas.classList.remove('panning');
  const g = gesture;
  if (pointers.size > 0) {
    if (g?.kind === 'pinch') gesture = null;
    return;
  }
  gesture = null;
  if (!g || !shown) return;
  if (g.kind === 'pending') clickCell(g.cell, e.shiftKey);
  else if (g.kind === 'marker') runQuery(false);
  else if (g.kind === 'paint' && start && goal && mode !== 'crowd') runQuery(false);
  else if (g.kind === 'rect' && rectDrag) {
    const r = rectDrag;
    rectDrag = null;
    const cells: [number, number][] = [];
    for (let y = Math.min(r.from.y, r.to.y); y <= Math.max(r.from.y, r.to.y); y++) {
      for (let x = Math.min(r.from.x, r.to.x); x <= Math.max(r.from.x, r.to.x); x++) cells.push([x, y]);
    }
    paint(cells, r.erase ? GROUND : WALL);
    if (start && goal && mode !== 'crowd') runQuery(false);
  }
  requestDraw();
}

function clickCell(cell: Point, shift: boolean): void {
  if (!shown || mode === 'crowd') {
    if (mode === 'crowd') say('In the crowd, paint walls (Brush, Rect) to make agents re-plan.');
    return;
  }
  if (!insideMap(cell)) return;
  if (!isFree(cell)) {
    const code = String.fromCharCode(shown.terrain[cell.y * shown.width + cell.x]!);
    say(`(${cell.x}, ${cell.y}) is ${TERRAIN_NAMES[code] ?? 'blocked'}: pick a passable cell.`, true);
    return;
  }
  if (shift && start) {
    goal = cell;
    runQuery();
  } else if (!start || goal) {
    start = cell;
    goal = null;
    outcome = null;
    reference = null;
    runQuery();
    say(`Start at (${cell.x}, ${cell.y}). Now click the goal.`);
  } else {
    goal = cell;
    runQuery();
  }
  updateUrl();
  requestDraw();
}

function onWheel(e: WheelEvent): void {
  e.preventDefault();
  const [px, py] = view.toDevice(e.clientX, e.clientY);
  const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
  view.zoomAt(px, py, Math.exp(-delta * 0.0015));
  showHud();
  requestDraw();
}

function showHud(): void {
  if (!shown) return;
  let text = '–';
  if (hover) {
    const code = String.fromCharCode(shown.terrain[hover.y * shown.width + hover.x]!);
    text = `(${hover.x}, ${hover.y}) ${TERRAIN_NAMES[code] ?? code}`;
  }
  hudCell.textContent = text;
  hudZoom.textContent =
    `· ${shown.width} × ${shown.height} · ${(view.scale / view.dpr).toFixed(view.scale / view.dpr < 1 ? 2 : 1)} px/cell` +
    (graphHidden ? ' · zoom in to see the abstract graph' : '');
}

// ---- maps ---------------------------------------------------------------------------------------

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.text();
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Shows a map; keeps start/goal when `keep` gives valid cells. */
async function showMap(source: MapSource, make: () => Promise<{ text?: string; terrain?: Uint8Array; width?: number; height?: number }>, keep?: { start?: Point; goal?: Point }): Promise<boolean> {
  if (!hp) return false;
  const token = ++loadToken;
  const name = source.kind === 'bundled' ? source.name : source.kind === 'gen' ? generatorName(source.params) : source.name;
  demo.ready = false;
  say(`Loading ${name}…`);
  await stopCrowd();
  comparePanel.cancel();
  let grid;
  try {
    const data = await make();
    if (token !== loadToken) return false;
    grid = data.text !== undefined ? hp.Grid.fromMovingAI(data.text, name) : hp.Grid.fromTerrain(data.terrain!, data.width!, data.height!);
  } catch (error) {
    if (token === loadToken) {
      say(`Cannot open ${name}: ${errorText(error)}`, true);
      demo.ready = shown !== null;
      syncPicker();
    }
    return false;
  }
  const terrain = grid.terrain();
  shown?.planners.dispose();
  shown = { name, source, width: grid.width, height: grid.height, terrain, planners: new Planners(hp, grid), image: new TerrainImage(terrain, grid.width, grid.height), edited: false };
  graphs.clear();
  shpaClusters = null;
  componentsDirty = true;
  componentsCache = null;
  flashes.clear();
  demo.map = name;
  demo.width = shown.width;
  demo.height = shown.height;
  start = keep?.start && isFree(keep.start) ? keep.start : null;
  goal = keep?.goal && isFree(keep.goal) && start ? keep.goal : null;
  outcome = null;
  reference = null;
  N.edit.textContent = '–';
  view.fit(shown.width, shown.height);
  syncPicker();
  requestDraw();
  if (!(await prepareAlgorithm(token))) return false;
  demo.ready = true;
  if (start && goal) runQuery();
  else {
    runQuery();
    say(`${name}: ${shown.width} × ${shown.height}. Click a passable cell to set the start, then the goal.`);
  }
  updateUrl();
  if (mode === 'crowd') void startCrowd();
  return true;
}

/** Builds the planner of the chosen algorithm (after a paint, so that "Building…" shows). */
async function prepareAlgorithm(token = loadToken): Promise<boolean> {
  if (!shown) return false;
  syncOverlayAvailability();
  if (!shown.planners.built(algo, settings)) {
    say(`Building the ${algo.label} hierarchy of ${shown.name}…`);
    await nextPaint();
    if (token !== loadToken || !shown) return false;
    try {
      shown.planners.prepare(algo, settings);
    } catch (error) {
      say(`Cannot build: ${errorText(error)}`, true);
      return false;
    }
  }
  showBuildInfo();
  return true;
}

function loadBundled(name: string, keep?: { start?: Point; goal?: Point }): Promise<boolean> {
  return showMap({ kind: 'bundled', name }, async () => ({ text: await fetchText(`${import.meta.env.BASE_URL}maps/${name}`) }), keep);
}

function loadGenerated(params: GeneratorParams, keep?: { start?: Point; goal?: Point }): Promise<boolean> {
  return showMap({ kind: 'gen', params }, async () => generate(params), keep);
}

function loadFile(file: File): Promise<boolean> {
  return showMap({ kind: 'file', name: file.name }, async () => ({ text: await file.text() }));
}

function syncPicker(): void {
  const custom = picker.querySelector<HTMLOptionElement>('option[data-custom]');
  if (shown && shown.source.kind !== 'bundled') {
    const label = `${shown.name}${shown.edited ? ' (edited)' : ''} — ${shown.width} × ${shown.height}`;
    if (custom) custom.text = label;
    else {
      const option = new Option(label, '');
      option.dataset.custom = '1';
      picker.add(option, 0);
    }
    picker.value = '';
  } else {
    custom?.remove();
    if (shown) picker.value = shown.name;
  }
}

async function scenariosOfShown(): Promise<Scenario[] | null> {
  if (!shown || shown.source.kind !== 'bundled' || shown.edited) return null;
  const entry = bundled.get(shown.name);
  if (!entry?.scen) return null;
  let p = scenarioCache.get(entry.name);
  if (!p) {
    p = fetchText(`${import.meta.env.BASE_URL}maps/${entry.name}.scen`).then(parseScenarios, () => null);
    scenarioCache.set(entry.name, p);
  }
  return p;
}

function randomPairs(n: number): [number, number, number, number][] {
  if (!shown) return [];
  const s = shown;
  const { labels } = components(s.terrain, s.width, s.height);
  const random = seeded(12345);
  const out: [number, number, number, number][] = [];
  for (let tries = 0; out.length < n && tries < n * 200; tries++) {
    const a = Math.floor(random() * labels.length), b = Math.floor(random() * labels.length);
    if (a !== b && labels[a] && labels[a] === labels[b]) out.push([a % s.width, Math.floor(a / s.width), b % s.width, Math.floor(b / s.width)]);
  }
  return out;
}

// ---- algorithm and options ----------------------------------------------------------------------

function readSettings(): SearchSettings {
  const clamp = (v: number, lo: number, hi: number, d: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v))) : d);
  return {
    clusterSize: clamp(Number(optCluster.value), 2, 255, DEFAULT_SETTINGS.clusterSize),
    entranceWidth: clamp(Number(optEntrance.value), 1, 255, DEFAULT_SETTINGS.entranceWidth),
    clusterGroup: DEFAULT_SETTINGS.clusterGroup,
    smooth: optSmooth.checked,
    cachePaths: optCache.checked,
    pruneEdges: optPrune.checked,
    landmarks: clamp(Number(optLandmarks.value), 0, 32, DEFAULT_SETTINGS.landmarks),
    distanceTable: optTable.checked,
  };
}

function writeSettings(s: SearchSettings): void {
  optCluster.value = String(s.clusterSize);
  optEntrance.value = String(s.entranceWidth);
  optSmooth.checked = s.smooth;
  optCache.checked = s.cachePaths;
  optPrune.checked = s.pruneEdges;
  optLandmarks.value = String(s.landmarks);
  optTable.checked = s.distanceTable;
}

async function onAlgorithmChanged(): Promise<void> {
  algo = algoInfo(algoPicker.value as AlgoId);
  settings = readSettings();
  demo.algo = algo.id;
  demo.settings = settings;
  if (!shown) return;
  const hierarchyChanged = mode === 'crowd';
  if (!(await prepareAlgorithm())) return;
  runQuery();
  requestDraw();
  if (hierarchyChanged) await startCrowd();
}

// ---- modes --------------------------------------------------------------------------------------

async function setMode(next: Mode): Promise<void> {
  mode = next;
  demo.mode = mode;
  document.body.classList.toggle('crowd', mode === 'crowd');
  for (const tab of document.querySelectorAll<HTMLButtonElement>('.tabs button')) tab.setAttribute('aria-selected', String(tab.dataset.mode === mode));
  $('compare').hidden = mode !== 'compare';
  $('crowd-section').hidden = mode !== 'crowd';
  $('numbers-section').hidden = mode === 'crowd';
  view.resize();
  if (mode === 'crowd') {
    if (tool === 'path') setTool('brush');
    await startCrowd();
  } else {
    await stopCrowd();
    if (mode === 'compare') say('Compare: every algorithm on the query on screen, or on a batch of scenarios.');
  }
  updateUrl();
  requestDraw();
}

function setTool(next: typeof tool): void {
  tool = next;
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=tool]')) r.checked = r.value === tool;
  requestDraw();
}

// ---- crowd --------------------------------------------------------------------------------------

function crowdOptions() {
  return hierarchyOptions(algo.levels ? algo : algoInfo('hpa2'), settings);
}

async function startCrowd(): Promise<void> {
  if (!hp || !shown || crowdStarting) return;
  await stopCrowd();
  crowdStarting = true;
  crowdToggle.disabled = true;
  say('Starting the worker pool…');
  try {
    const { planner } = shown.planners.planner(crowdOptions());
    const c = await Crowd.start(planner, shown.terrain, 7);
    if (mode !== 'crowd' || !shown) {
      await c.close();
      return;
    }
    c.speed = Number(speedSlider.value);
    c.showRoutes = $<HTMLInputElement>('agent-routes').checked;
    c.setCount(Number(agentsSlider.value));
    crowd = c;
    demo.crowd = { ...c.metrics };
    demo.resetFrameStats();
    crowdToggle.textContent = 'Stop';
    say(`Crowd: ${c.count} agents; every plan and search in the worker pool (${c.metrics.poolMode} mode: ${c.metrics.poolReason}). Paint walls to make them re-plan.`);
    requestDraw();
  } catch (error) {
    say(`Cannot start the crowd: ${errorText(error)}`, true);
  } finally {
    crowdStarting = false;
    crowdToggle.disabled = false;
  }
}

async function stopCrowd(): Promise<void> {
  const c = crowd;
  crowd = null;
  crowdToggle.textContent = 'Start';
  if (c) {
    demo.crowd = { ...c.metrics, running: false };
    await c.close();
  }
}

// ---- permalink ----------------------------------------------------------------------------------

let urlTimer = 0;
function updateUrl(): void {
  clearTimeout(urlTimer);
  urlTimer = window.setTimeout(() => {
    if (!shown) return;
    const search = writePermalink({
      map: shown.source.kind === 'bundled' ? shown.source.name : undefined,
      gen: shown.source.kind === 'gen' ? generatorName(shown.source.params) : undefined,
      algo: algo.id,
      settings,
      start: start ?? undefined,
      goal: goal ?? undefined,
      overlays: overlayBoxes.filter((b) => b.checked).map((b) => b.dataset.overlay!),
      mode,
      agents: Number(agentsSlider.value),
    });
    if (search !== window.location.search) window.history.replaceState(null, '', search);
  }, 150);
}

// ---- wiring -------------------------------------------------------------------------------------

function setupGenerator(): void {
  const dialog = $<HTMLDialogElement>('generator');
  const kind = $<HTMLSelectElement>('gen-kind');
  const feature = $<HTMLInputElement>('gen-feature');
  const featureLabel = $('gen-feature-label');
  for (const [k, d] of Object.entries(GENERATOR_DEFAULTS)) kind.add(new Option(d.label, k));
  kind.value = 'maze';
  const sync = () => {
    const d = GENERATOR_DEFAULTS[kind.value as GeneratorKind];
    featureLabel.textContent = d.featureLabel;
    feature.min = String(d.min);
    feature.max = String(d.max);
    feature.value = String(d.feature);
    feature.disabled = kind.value === 'empty';
  };
  kind.addEventListener('change', sync);
  sync();
  $('new-map').addEventListener('click', () => dialog.showModal());
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'ok') return;
    const n = (id: string) => Math.round(Number($<HTMLInputElement>(id).value));
    const k = kind.value as GeneratorKind;
    const d = GENERATOR_DEFAULTS[k];
    const params: GeneratorParams = {
      kind: k,
      width: Math.min(4096, Math.max(4, n('gen-width') || 256)),
      height: Math.min(4096, Math.max(4, n('gen-height') || 256)),
      feature: k === 'empty' ? 0 : Math.min(d.max, Math.max(d.min, n('gen-feature') || d.feature)),
      seed: Math.max(0, n('gen-seed') || 0),
    };
    if (k === 'empty' && tool === 'path') setTool('brush');
    void loadGenerated(params);
  });
}

function setupFiles(): void {
  const input = $<HTMLInputElement>('file-input');
  $('open-file').addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void loadFile(file);
    input.value = '';
  });
  const hint = $('drop-hint');
  window.addEventListener('dragover', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    hint.hidden = false;
  });
  window.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) hint.hidden = true;
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    hint.hidden = true;
    const file = e.dataTransfer?.files[0];
    if (file) void loadFile(file);
  });
  $('save-map').addEventListener('click', () => {
    if (!shown) return;
    const blob = new Blob([toMovingAI(shown)], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = shown.name.endsWith('.map') ? shown.name : `${shown.name}.map`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('share').addEventListener('click', async () => {
    updateUrl();
    await new Promise((r) => setTimeout(r, 200));
    const note = shown && shown.source.kind === 'file' ? ' (a map opened from a file is not in the link)' : shown?.edited ? ' (edits are not in the link)' : '';
    try {
      await navigator.clipboard.writeText(window.location.href);
      say(`Link copied${note}.`);
    } catch {
      say(`The link is in the address bar${note}.`);
    }
  });
}

function populateAlgorithms(): void {
  algoPicker.length = 0;
  for (const a of algorithms.offered) algoPicker.add(new Option(a.label, a.id));
  for (const a of algorithms.notYet) {
    const option = new Option(a.label, a.id);
    option.disabled = true;
    algoPicker.add(option);
  }
  algoPicker.value = algo.id;
}

function setupControls(): void {
  populateAlgorithms();
  algoPicker.addEventListener('change', () => void onAlgorithmChanged());
  for (const input of [optCluster, optEntrance, optSmooth, optCache, optPrune, optLandmarks, optTable]) input.addEventListener('change', () => void onAlgorithmChanged());
  for (const box of overlayBoxes) {
    box.addEventListener('change', () => {
      syncOverlayAvailability();
      updateUrl();
      requestDraw();
    });
  }
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name=tool]')) {
    radio.addEventListener('change', () => radio.checked && setTool(radio.value as typeof tool));
  }
  brushSize.addEventListener('input', () => ($('brush-size-out').textContent = brushSize.value));
  for (const tab of document.querySelectorAll<HTMLButtonElement>('.tabs button')) tab.addEventListener('click', () => void setMode(tab.dataset.mode as Mode));
  agentsSlider.addEventListener('input', () => {
    $('agents-out').textContent = agentsSlider.value;
    crowd?.setCount(Number(agentsSlider.value));
    updateUrl();
  });
  speedSlider.addEventListener('input', () => {
    $('agent-speed-out').textContent = speedSlider.value;
    if (crowd) crowd.speed = Number(speedSlider.value);
  });
  $<HTMLInputElement>('agent-routes').addEventListener('change', (e) => {
    if (crowd) crowd.showRoutes = (e.target as HTMLInputElement).checked;
  });
  crowdToggle.addEventListener('click', () => void (crowd ? stopCrowd() : startCrowd()));
  picker.addEventListener('change', () => {
    if (picker.value && bundled.has(picker.value)) void loadBundled(picker.value);
  });
  const context = () => ({
    algorithms: algorithms.offered, planners: shown!.planners, settings, start, goal, scenarios: scenariosOfShown, randomPairs, say,
  });
  $('compare-query').addEventListener('click', () => shown && void comparePanel.runQuery(context()));
  $('compare-batch').addEventListener('click', () => shown && void comparePanel.runBatch(context(), Math.max(5, Math.min(2000, Number($<HTMLInputElement>('batch-size').value) || 100))));
  comparePanel.onPick = (a) => {
    algoPicker.value = a.id;
    void onAlgorithmChanged();
  };

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('pointercancel', onPointerUp);
  canvas.addEventListener('pointerleave', () => {
    if (!pointers.size) {
      hover = null;
      showHud();
      requestDraw();
    }
  });
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const key = e.key.toLowerCase();
    if (key === 'escape') {
      start = goal = null;
      runQuery();
      updateUrl();
      if (demo.ready) say('Cleared. Click a passable cell to set the start.');
    } else if (key === 'f' && shown) {
      view.fit(shown.width, shown.height);
      requestDraw();
    } else if (key === 'p') setTool('path');
    else if (key === 'b') setTool('brush');
    else if (key === 'r') setTool('rect');
    else if (key === 'e') setTool('eraser');
  });
  new ResizeObserver(() => {
    view.resize();
    requestDraw();
  }).observe(canvas);
}

async function main(): Promise<void> {
  exportPaletteToCss();
  for (const m of bundledMaps) picker.add(new Option(`${m.name} (${m.width} × ${m.height})`, m.name));
  setupControls();
  setupGenerator();
  setupFiles();

  const link = readPermalink(window.location.search);
  if (link.algo) algo = algoInfo(link.algo);
  settings = { ...DEFAULT_SETTINGS, ...link.settings };
  algoPicker.value = algo.id;
  writeSettings(settings);
  demo.algo = algo.id;
  demo.settings = settings;
  if (link.overlays) for (const box of overlayBoxes) box.checked = link.overlays.includes(box.dataset.overlay!);
  if (link.agents !== undefined) {
    agentsSlider.value = String(link.agents);
    $('agents-out').textContent = agentsSlider.value;
  }
  syncOverlayAvailability();

  try {
    hp = await loadHpastar();
  } catch (error) {
    say(`Cannot load the WebAssembly module (run "npm run build:wasm"): ${errorText(error)}`, true);
    return;
  }
  algorithms = algorithmChoice(hp);
  algo = algoInfo(link.algo ?? algo.id);
  if (!algorithms.offered.includes(algo)) algo = algoInfo('hpa2');
  demo.algo = algo.id;
  populateAlgorithms();
  syncOverlayAvailability();
  picker.disabled = false;
  const keep = { start: link.start, goal: link.goal };
  const gen = link.gen ? parseGeneratorName(link.gen) : null;
  let ok = false;
  if (gen) ok = await loadGenerated(gen, keep);
  else if (link.map && bundled.has(link.map)) ok = await loadBundled(link.map, keep);
  if (!ok && !shown) {
    const first = bundled.has(DEFAULT_MAP) ? DEFAULT_MAP : bundledMaps[0]?.name;
    if (first) await loadBundled(first);
    else await loadGenerated({ kind: 'maze', width: 128, height: 128, feature: 2, seed: 1 });
  }
  if (link.mode && link.mode !== 'explore') await setMode(link.mode);
}

void main();
