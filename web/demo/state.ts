// The demo's mutable state, all of it in one place: created once by main.ts and handed to the
// controllers (which change it) and to the renderers (which read it, and fill its caches of what they
// draw). No other module of the demo keeps state of its own at module level.
import type { Hpastar, PathResult, Point, TerrainCosts } from '../lib/index';
import type { SearchPhase } from '../lib/inspect';
import { DEFAULT_SETTINGS, algoInfo, algorithmChoice, type AlgoId, type AlgoInfo, type AlgorithmChoice, type Planners, type QueryOutcome, type SearchSettings } from './algorithms';
import type { CompareState } from './compare';
import type { Crowd, CrowdMetrics } from './crowd';
import { HierarchyData } from './hierarchyView';
import { WALL, type GeneratorParams, type Scenario } from './maps';
import { Flashes, SearchSets, type ClearanceMaps } from './render/overlays';
import { Viewport, type TerrainImage } from './render/view';

// ---- what end-to-end tests read ----------------------------------------------------------------

/** The tab the demo shows (kept in the URL by permalink.ts). */
export type Mode = 'explore' | 'compare' | 'crowd';

export interface DemoState {
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
    /** Where a partial path ends (the goal cannot be reached: the reachable cell nearest it), or null. */
    reached: Point | null;
  } | null;
  /** The query's ends. */
  start: Point | null;
  goal: Point | null;
  /** A*'s cost for the same query, and its time (ms) as shown. */
  optimalCost: number | null;
  referenceMs: number | null;
  /** True once the query on screen has been timed again over a few frames (its figures are final). */
  timesSettled: boolean;
  /** The warm-up's time per round of searches, slice after slice (ms). */
  warmUpMs: number[];
  /** The terrain kinds' multipliers of the grid on screen (the panel's swamp and ground inputs). */
  terrainCosts: TerrainCosts;
  /** The cells of the path on screen, [x0, y0, x1, y1, ...] (empty without one). */
  pathCells(): number[];
  /** What crossing cell (x, y) costs: its terrain's multiplier times its cost layer value / 16. */
  cellCost(x: number, y: number): number;
  /** Terrain edits so far, and the last update of the current planner. */
  edits: { batches: number; cells: number; lastMs: number; clustersRebuilt: number[]; flashed: number; longestHandlerMs: number };
  /** How long the last refresh of the build figures took on the main thread (it runs after a stroke pauses). */
  buildInfoMs: number;
  /** The exported level-1 graph's node and edge counts against the planner's stats. */
  hierarchyCheck: { nodes: [number, number]; edges: [number, number] } | null;
  /** The traced searches drawn (per phase: searches, closed and open cells), or null. */
  searchSets: { phase: SearchPhase; level: number; closed: number; open: number }[] | null;
  crowd: CrowdMetrics | null;
  /**
   * HAA*'s clearance overlay as last drawn: the cells where the agent's square fits by the map shown,
   * and (with both maps shown) those where true clearance lets it stand and Brushfire does not.
   */
  clearance: { fits: number; missed: number } | null;
  /**
   * fps over the last 60 frames; windowFps and lateFrames over all the frames kept (up to 600): a late
   * frame came more than 25 ms after the one before (a 60 Hz frame missed).
   */
  frame: { fps: number; meanMs: number; p95Ms: number; maxMs: number; samples: number; maxGapMs: number; windowFps: number; lateFrames: number };
  /** Time of the last frame's work (update and draw), ms. */
  lastFrameMs: number;
  /** How many times the map's layer has been drawn: frames that only move agents or flashes keep it. */
  mapDraws: number;
  compare: CompareState | null;
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

// ---- the demo's state ---------------------------------------------------------------------------

export type MapSource = { kind: 'bundled'; name: string } | { kind: 'gen'; params: GeneratorParams } | { kind: 'file'; name: string };

/** The map on screen. */
export interface Shown {
  name: string;
  source: MapSource;
  width: number;
  height: number;
  /** The terrain on screen: the truth the image, the overlays and the crowd read. */
  terrain: Uint8Array;
  /** The cost layer on screen, as the grid has it: one byte per cell, sixteenths of the terrain's multiplier (16 = as the terrain). */
  costs: Uint8Array;
  planners: Planners;
  image: TerrainImage;
  edited: boolean;
}

export type Tool = 'path' | 'brush' | 'rect' | 'eraser';

/** What the brush and the rectangle lay down: a terrain character (its code), or a cost layer value (sixteenths). */
export type Paint = { kind: 'terrain'; code: number } | { kind: 'cost'; value: number };

/** The terrain kinds whose multipliers the panel sets, keyed as `TerrainCosts` names them. */
export interface KindMultipliers {
  '.': number;
  S: number;
}

/** What the pointers on the canvas are doing. */
export type Gesture =
  | { kind: 'pending'; x: number; y: number; cell: Point }
  | { kind: 'pan'; x: number; y: number }
  | { kind: 'marker'; which: 'start' | 'goal' }
  | { kind: 'paint'; last: Point; paint: Paint }
  | { kind: 'rect' }
  | { kind: 'pinch'; distance: number; cx: number; cy: number };

/** A rectangle being dragged out (Rect tool); `erase` with Shift. */
export interface RectDrag {
  from: Point;
  to: Point;
  erase: boolean;
}

export class AppState {
  hp: Hpastar | null = null;
  /** The algorithms the picker offers; SHPA* joins once the loaded module is known to have it. */
  algorithms: AlgorithmChoice = algorithmChoice(null);
  shown: Shown | null = null;
  /** Bumped by every map load: a load that is overtaken by a later one stops. */
  loadToken = 0;
  algo: AlgoInfo = algoInfo('hpa2');
  settings: SearchSettings = { ...DEFAULT_SETTINGS };
  mode: Mode = 'explore';
  tool: Tool = 'path';
  /** The brush's side is 2 · brushSize − 1 cells. */
  brushSize: number;
  /** What Brush and Rect paint (Eraser and Shift paint ground). */
  paint: Paint = { kind: 'terrain', code: WALL };
  /** The terrain kinds' multipliers, set on every map's grid when it loads (and on the planners when changed). */
  terrainCosts: KindMultipliers = { '.': 1, S: 1 };
  /** The overlays shown: ticked, and available for the algorithm. */
  overlays = new Set<string>();

  // The query and its answers.
  start: Point | null = null;
  goal: Point | null = null;
  outcome: QueryOutcome | null = null;
  reference: (PathResult & { ms: number }) | null = null;
  /** True while a marker is dragged on a map where A* is too slow to follow: the reference waits. */
  referenceStale = false;
  lastAStarMs = 0;

  // The pointer.
  hover: Point | null = null;
  readonly pointers = new Map<number, { x: number; y: number }>();
  gesture: Gesture | null = null;
  rectDrag: RectDrag | null = null;

  crowd: Crowd | null = null;
  crowdStarting = false;

  // What the overlays draw, kept between frames.
  readonly view: Viewport;
  readonly flashes = new Flashes();
  readonly hierarchy = new HierarchyData();
  readonly searchSets = new SearchSets();
  /** The query whose trace `searchSets` holds (traced when a sets overlay is first shown for it). */
  tracedOutcome: QueryOutcome | null = null;
  shpaClusters: { planner: object; version: number; image: HTMLCanvasElement } | null = null;
  /** HAA*'s clearance overlay, for one planner and key (overlays ticked, capability, size, edits). */
  clearanceCache: { planner: object; key: string; maps: ClearanceMaps; image: HTMLCanvasElement } | null = null;
  componentsCache: { image: HTMLCanvasElement; count: number; at: number } | null = null;
  componentsDirty = true;
  /** True when an abstract graph overlay is on but the view is too zoomed out to draw it. */
  graphHidden = false;
  readonly scenarioCache = new Map<string, Promise<Scenario[] | null>>();

  /** The frame loop: a frame asked for, the last frame of a run of frames (crowd, flashes), frame times. */
  readonly frames = { requested: false, mapStale: true, lastAt: 0, times: [] as number[], gaps: [] as number[] };
  /** Pending timeouts: the URL's update, the build figures after a stroke. */
  readonly timers = { url: 0, buildInfo: 0 };

  /** What the end-to-end tests read (`window.__hpastarDemo`), written where its values are made. */
  readonly demo: DemoState;

  constructor(canvas: HTMLCanvasElement, brushSize: number, compare: CompareState, redraw: () => void) {
    this.view = new Viewport(canvas);
    this.brushSize = brushSize;
    this.demo = {
      ready: false, map: null, width: 0, height: 0, algo: this.algo.id, settings: this.settings, mode: this.mode, overlays: [], lastPath: null, optimalCost: null, referenceMs: null, timesSettled: false, warmUpMs: [], start: null, goal: null,
      terrainCosts: this.terrainCosts,
      pathCells: () => (this.outcome?.found ? [...this.outcome.cells] : []),
      cellCost: (x, y) => (this.shown ? this.shown.image.multiplierAt(x, y) : NaN),
      edits: { batches: 0, cells: 0, lastMs: 0, clustersRebuilt: [], flashed: 0, longestHandlerMs: 0 }, buildInfoMs: 0, hierarchyCheck: null, searchSets: null, crowd: null, clearance: null,
      frame: { fps: 0, meanMs: 0, p95Ms: 0, maxMs: 0, samples: 0, maxGapMs: 0, windowFps: 0, lateFrames: 0 }, lastFrameMs: 0, mapDraws: 0, compare, crossOriginIsolated: globalThis.crossOriginIsolated === true,
      cellToClient: (x, y) => this.view.cellToClient(x, y),
      resetFrameStats: () => {
        this.frames.times.length = 0;
        this.frames.gaps.length = 0;
      },
      redraw,
    };
  }

  /** Sets the algorithm and its options (and what the tests read of them). */
  setAlgorithm(algo: AlgoInfo, settings = this.settings): void {
    this.algo = algo;
    this.settings = settings;
    this.demo.algo = algo.id;
    this.demo.settings = settings;
  }
}
