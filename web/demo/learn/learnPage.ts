// The walkthrough page (learn.html): HPA*'s build and one query, one step at a time, beside plain A*.
// ?map=NAME (a map of maps/; default the walkthrough's own 40 × 40 map), start=x,y, goal=x,y,
// cluster=N, levels=N, entrance=N (entrance width), smooth=0 (no smoothing), paint=x,y;x,y (cells
// flipped between wall and ground), step=K (a permalink to step K), large=1 (large text, for
// projectors), algo=dhpa (DHPA*) or algo=haa (HAA*: clearance, capabilities and agent sizes; default
// map: the article's kind of 10 × 10 toy map). The page's controls change all but map and algo in
// place and write them back to the address (learnControls.ts).

import bundledMaps from 'virtual:hpastar-maps';
import { loadHpastar, type Grid, type HPAStar, type Hpastar, type Point } from '../../lib/index';
import { traceSearch } from '../../lib/inspect';
import { isPassableTerrain } from '../../lib/terrain';
import { TERRAIN_NAMES } from '../render/view';
import { astarPace, paceRule, paceText, type AStarPace } from './astarPace';
import { HAA_PHASES, haaShownOf, makeHaaSteps, readHaaWalkthrough, type HaaShown, type HaaStep, type HaaWalkthroughData } from './haaWalkthrough';
import { HaaView, type DrawnLabel } from './haaView';
import { applyPaint, flipCells, keepPlace, parsePaint, wireMapPointer, writeSettings, type LearnSettings, type MapTool } from './learnControls';
import { LearnView, terrainImage, type MapWindow } from './learnView';
import { intraPaths, upperLevelPaths } from './buildDetail';
import { describeCell } from './mapHover';
import { NUMBERS_FROM, type MapNumber } from './buildView';
import { PredictPanel, type PredictState } from './predictPanel';
import { HAA_CLUSTER, HAA_GOAL, HAA_MAP_NAME, HAA_START, haaMapText, TEACH_CLUSTER, TEACH_GOAL, TEACH_MAP_NAME, TEACH_START, teachMapText } from './teachMap';
import { hierarchyName, type QueryCosts } from './optimality';
import type { DominanceGap, GapPair } from './haaTradeoff';
import { measureTreeCost, pickShortQuery, shortCounts, type ShortCounts, type TreeCost } from './tradeoffs';
import type { Termination } from './termination';
import type { HaaAbstraction } from './haaAbstraction';
import { makeSteps, phaseSpan, phaseStarts, PHASES, SCRUB_ABOVE, readWalkthrough, shownOf, type Shown, type Step, type WalkthroughData } from './walkthrough';

/** What the end-to-end tests read. */
export interface LearnState {
  ready: boolean;
  error: string | null;
  step: number;
  steps: number;
  phase: string;
  counts: { sg: number; main: number; refinement: number };
  astarExpanded: number;
  /** HPA*: plain A* in step with the walkthrough (its panel): HPA*'s expansions so far, A*'s shown of its total. */
  astarPace: AStarPace | null;
  /** HPA*: the query's costs (refined, smoothed, optimal) and its gap split, as the optimality step states them. */
  costs: QueryCosts | null;
  shown: Shown | null;
  /** HPA*: the "when A* wins" step's short query and both searches' expansions, as the step shows them. */
  short: (ShortCounts & { start: Point; goal: Point }) | null;
  /** HPA*: the part of the map the last frame showed, in cells (all of it but on a big map's short query step). */
  mapWindow: MapWindow | null;
  /** DHPA*: the trees' bytes and the insertion expansions with and without them, as the trade-off step states them. */
  treeCost: TreeCost | null;
  /** DHPA*: the tree's distances the last frame wrote in its cells (none when they were too small to read). */
  treeNumbers: string[];
  /** DHPA*: where the paper's search would stop and where this one does, as the termination step states them. */
  termination: Termination | null;
  /** HAA* walkthrough (algo=haa): what the step shows, and the core's values the tests check by hand. */
  haa: HaaShown | null;
  /** HAA*: the labels the map shows (CSS pixels of its canvas), and the canvas's size. */
  haaLabels: { labels: DrawnLabel[]; width: number; height: number } | null;
  /** HAA*: the first point of each path of anchors the map shows (CSS pixels of its canvas), and its agent's size. */
  haaPathStarts: { x: number; y: number; size: number }[];
  /** HAA*: strong and weak dominance's examples, the inter-edges after each, the insertion with and without join trees. */
  haaAbstraction: HaaAbstraction | null;
  /** HAA*: the trade-off step's measures (its pair's costs, the mean gaps), as the step states them. */
  haaGap: (Omit<DominanceGap, 'worst'> & { worst: Omit<GapPair, 'haaCells' | 'optimalCells'> | null }) | null;
  haaData: { capabilities: readonly string[]; clearance: number[][]; brushfire: number[]; smallCost: number; bigCost: number; brushfireFound: boolean; trueFound: boolean } | null;
  /** HPA*: the numbers the map shows ("Numbers on the map": entrances' lengths, intra-edges' costs). */
  mapNumbers: MapNumber[];
  /** HPA*, a higher level's step: the cells under each of its edges as the last frame drew them (x, y each). */
  levelEdgeCells: number[][];
  /** HPA*: what the pointer is over on the map, in words (an entrance's length, intra-edges' costs); '' off them. */
  hover: string;
  /** HPA*: the "predict the next node" exercise (abstract search): its question, verdict and score. */
  predict: PredictState | null;
  playing: boolean;
  /** Rebuilds made by the page's controls so far (a test waits for the count to move). */
  rebuilds: number;
  query: { start: Point; goal: Point; cluster: number; levels: number; entrance: number; smooth: boolean; paint: Point[]; map: string; dhpa: boolean; haa: boolean };
}

declare global {
  interface Window {
    __hpastarLearn: LearnState;
  }
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function parsePoint(text: string | null): Point | null {
  const m = text ? /^(\d+),(\d+)$/.exec(text) : null;
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** The query the address asks for (defaults: the walkthrough's own map and query). */
function readAddress(): {
  map: string;
  start: Point | null;
  goal: Point | null;
  cluster: number;
  levels: number;
  /** null: the package's default width. */
  entrance: number | null;
  smooth: boolean;
  paint: Point[];
  step: number;
  large: boolean;
  dhpa: boolean;
  haa: boolean;
} {
  const q = new URLSearchParams(location.search);
  const haa = q.get('algo') === 'haa';
  const num = (key: string, fallback: number) => {
    const v = Number(q.get(key));
    return q.has(key) && Number.isInteger(v) ? v : fallback;
  };
  return {
    map: q.get('map') ?? (haa ? HAA_MAP_NAME : TEACH_MAP_NAME),
    start: parsePoint(q.get('start')),
    goal: parsePoint(q.get('goal')),
    cluster: num('cluster', haa ? HAA_CLUSTER : TEACH_CLUSTER),
    levels: num('levels', 1),
    entrance: q.has('entrance') ? num('entrance', 0) : null,
    smooth: q.get('smooth') !== '0',
    paint: parsePaint(q.get('paint')),
    step: num('step', 0),
    large: q.get('large') === '1',
    dhpa: q.get('algo') === 'dhpa',
    haa,
  };
}

/** Hands `blob` to the browser as a download named `name`. */
function download(blob: Blob, name: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  // The browser has read the address once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A passable cell near the corners of the map, for maps opened without a query: first from the top left, then from the bottom right. */
function cornerCell(grid: Grid, fromEnd: boolean): Point {
  const n = grid.width * grid.height;
  for (let k = 0; k < n; k++) {
    const i = fromEnd ? n - 1 - k : k;
    const p = { x: i % grid.width, y: Math.floor(i / grid.width) };
    if (grid.passable(p.x, p.y)) return p;
  }
  throw new Error('the map has no passable cell');
}

class LearnPage {
  #steps: (Step | HaaStep)[] = [];
  #data!: WalkthroughData;
  /** The HAA* walkthrough (algo=haa), drawn instead of HPA*'s. */
  #haa: { data: HaaWalkthroughData; steps: HaaStep[]; view: HaaView; beside: HaaView } | null = null;
  #size = { width: 0, height: 0 };
  /** The map's terrain characters, row-major: a click on a blocked cell is refused, not sent to the address. */
  #terrain: Uint8Array = new Uint8Array(0);
  #menusWired = false;
  #view!: LearnView;
  #astarView!: LearnView;
  #index = 0;
  #timer: number | undefined;
  #pendingStart: Point | null = null;
  #hp!: Hpastar;
  /** The map's file: each rebuild reads it again and flips the painted cells. */
  #mapText = '';
  /** What the walkthrough shown was built with, and what the address leaves out. */
  #settings!: LearnSettings;
  #defaults!: LearnSettings;
  #redrawQueued = false;
  #predict!: PredictPanel;
  readonly state: LearnState;

  constructor(
    private readonly address: ReturnType<typeof readAddress>,
    state: LearnState,
  ) {
    this.state = state;
  }

  async start(hp: Hpastar): Promise<void> {
    this.#hp = hp;
    const a = this.address;
    const own = a.map === TEACH_MAP_NAME ? teachMapText() : a.map === HAA_MAP_NAME ? haaMapText() : null;
    this.#mapText = own ?? (await (await fetch(`${import.meta.env.BASE_URL}maps/${a.map}`)).text());
    const grid = hp.Grid.fromMovingAI(this.#mapText, a.map);
    try {
      this.#defaults = {
        cluster: a.haa ? HAA_CLUSTER : TEACH_CLUSTER,
        levels: 1,
        entrance: hp.HPAStar.defaultOptions.entranceWidth,
        smooth: true,
        start: a.map === TEACH_MAP_NAME ? TEACH_START : a.map === HAA_MAP_NAME ? HAA_START : cornerCell(grid, false),
        goal: a.map === TEACH_MAP_NAME ? TEACH_GOAL : a.map === HAA_MAP_NAME ? HAA_GOAL : cornerCell(grid, true),
        paint: [],
      };
    } finally {
      grid.dispose();
    }
    const d = this.#defaults;
    this.#predict = new PredictPanel(() => this.go(this.#index));
    this.#settings = { cluster: a.cluster, levels: a.levels, entrance: a.entrance ?? d.entrance, smooth: a.smooth, start: a.start ?? d.start, goal: a.goal ?? d.goal, paint: a.paint };
    this.#build(this.#settings);
    this.#wire();
    this.go(Math.min(Math.max(0, a.step), this.#steps.length - 1));
    this.state.ready = true;
  }

  /**
   * Builds the walkthrough of `s` on the page's map (its painted cells flipped): its data, steps, views
   * and phase menu. Throws, changing nothing the page shows, when an end is not a free cell or the build fails.
   */
  #build(s: LearnSettings): void {
    const a = this.address;
    const grid = this.#hp.Grid.fromMovingAI(this.#mapText, a.map);
    try {
      applyPaint(grid, grid.terrain(), s.paint);
      for (const [name, p] of [['start', s.start], ['goal', s.goal]] as const)
        if (p.x >= grid.width || p.y >= grid.height || !grid.passable(p.x, p.y)) throw new Error(`the ${name} ${p.x},${p.y} is not a free cell of ${a.map}`);
      if (a.haa) this.#buildHaa(grid, s);
      else this.#buildHpa(grid, s);
      this.#size = { width: grid.width, height: grid.height };
      this.#terrain = grid.terrain();
    } finally {
      grid.dispose();
    }
    this.state.query = { start: s.start, goal: s.goal, cluster: s.cluster, levels: a.haa ? 0 : s.levels, entrance: s.entrance, smooth: s.smooth, paint: [...s.paint], map: a.map, dhpa: a.dhpa, haa: a.haa };
    this.state.steps = this.#steps.length;
    this.#fillPhases();
  }

  /** HPA* or DHPA* (algo=dhpa): the planner of `s`, A* beside it, the trade-offs' measures, then the walkthrough. */
  #buildHpa(grid: Grid, s: LearnSettings): void {
    const hp = this.#hp;
    const a = this.address;
    // The paper's options: the walkthrough shows HPA* as published (no trees, caches or landmarks).
    // DHPA* (algo=dhpa): the same, with every node's tree kept.
    const options = { ...hp.HPAStar.defaultOptions, clusterSize: s.cluster, levels: s.levels, entranceWidth: s.entrance };
    const planner: HPAStar = hp.HPAStar.build(grid, { ...options, cacheTrees: a.dhpa });
    try {
      const search = new hp.AStar();
      const astar = traceSearch(search, grid, s.start, s.goal);
      const short = pickShortQuery(planner, grid, search);
      let treeCost: TreeCost | null = null;
      if (a.dhpa) {
        // The same hierarchy without trees, for what the trees save on this query.
        const plain = hp.HPAStar.build(grid, options);
        treeCost = measureTreeCost(planner, plain, s.start, s.goal);
        plain.dispose();
      }
      this.#data = readWalkthrough(planner, grid, s.start, s.goal, astar, { short, treeCost }, { smooth: s.smooth });
      // Each intra-edge's cells, searched again on its cluster's own cells (the inspection API gives its cost only).
      this.#data.intraPaths = intraPaths(hp, grid, this.#data.clusters[0]!, this.#data.builds);
      // The higher levels' edges too, along the cells of the level-1 route or the cluster's own shortest way.
      this.#data.upperPaths = upperLevelPaths(hp, grid, this.#data.clusters, this.#data.graphs);
      this.#predict.load(this.#data);
      this.#steps = makeSteps(this.#data);
      const terrain = terrainImage(grid.terrain(), grid.width, grid.height);
      this.#view = new LearnView(byId('learn-canvas'), this.#data, terrain);
      this.#astarView = new LearnView(byId('learn-astar-canvas'), this.#data, terrain);
      this.state.astarExpanded = astar.path.stats.expandedMain;
      this.state.costs = { ...this.#data.costs };
      this.state.short = short ? { ...shortCounts(short), start: short.start, goal: short.goal } : null;
      this.state.treeCost = treeCost;
      this.state.termination = this.#data.termination;
      byId('learn-astar').textContent = String(astar.path.stats.expandedMain);
      byId('learn-astar-abstract').textContent = String(astar.path.stats.expandedMain);
      byId('learn-hpa-caption').textContent = a.dhpa ? 'DHPA* (HPA* with stored trees)' : 'HPA*';
      // The page's heading and tab name the algorithm shown (DHPA* is not the paper's HPA*).
      byId('learn-heading').textContent = a.dhpa ? 'Learn DHPA*' : 'Learn HPA*';
      document.title = `hpastar: learn ${a.dhpa ? 'DHPA*' : 'HPA*'} step by step`;
    } finally {
      planner.dispose();
    }
  }

  /**
   * The page when the walkthrough cannot be made (a permalink whose start is a wall, a map that fails):
   * the error, the map and algorithm menus to leave it by, and the step controls disabled.
   */
  showError(message: string): void {
    byId('learn-title').textContent = `Cannot show this walkthrough: ${message}`;
    byId('learn-text').textContent = 'Choose another map or algorithm above, or click two free cells on a map that loads.';
    for (const id of ['learn-prev', 'learn-next', 'learn-play', 'learn-phase']) byId<HTMLButtonElement>(id).disabled = true;
    this.#wireMenus();
  }

  /** HAA* (algo=haa): its planner on the map, the walkthrough's data read from it. */
  #buildHaa(grid: Grid, s: LearnSettings): void {
    const hp = this.#hp;
    const planner = hp.HAAStar.build(grid, { clusterSize: s.cluster, maxSize: 3 });
    try {
      const data = readHaaWalkthrough(hp, planner, grid, s.start, s.goal);
      const terrain = terrainImage(grid.terrain(), grid.width, grid.height, true);
      const steps = makeHaaSteps(data);
      this.#haa = { data, steps, view: new HaaView(byId('learn-canvas'), data, terrain), beside: new HaaView(byId('learn-astar-canvas'), data, terrain) };
      this.#steps = steps;
      this.state.haaData = {
        capabilities: data.capabilities,
        clearance: data.clearance.map((c) => [...c]),
        brushfire: [...data.brushfire],
        smallCost: data.small.cost,
        bigCost: data.big.cost,
        brushfireFound: data.bigBrushfire.found,
        trueFound: data.bigTrue.found,
      };
      this.state.haaAbstraction = data.abstraction;
      const { worst, ...gap } = data.gap;
      this.state.haaGap = { ...gap, worst: worst && { start: worst.start, goal: worst.goal, haa: worst.haa, optimal: worst.optimal, low: worst.low } };
    } finally {
      planner.dispose();
    }
    document.body.classList.add('haa');
    byId('learn-heading').textContent = 'Learn HAA*';
    byId('learn-hpa-caption').textContent = 'HAA* (Harabor and Botea 2008): clearance, entrances and graphs per agent';
    byId('learn-astar-caption').textContent = `True clearance for {${this.#haa.data.capabilities[this.#haa.data.main]}}`;
  }

  /** The phase menu of the walkthrough built last: one entry per phase it has, its first step. */
  #fillPhases(): void {
    const phase = byId<HTMLSelectElement>('learn-phase');
    phase.length = 0;
    const starts = phaseStarts<string>(this.#steps);
    for (const p of this.#phaseOrder()) if (starts.has(p.id)) phase.add(new Option(p.label, String(starts.get(p.id))));
  }

  #phaseOrder(): readonly { id: string; label: string }[] {
    return this.#haa ? HAA_PHASES : PHASES;
  }

  #wire(): void {
    const phase = byId<HTMLSelectElement>('learn-phase');
    phase.addEventListener('change', () => this.go(Number(phase.value)));
    byId('learn-prev').addEventListener('click', () => this.go(this.#index - 1));
    byId('learn-next').addEventListener('click', () => this.go(this.#index + 1));
    byId('learn-play').addEventListener('click', () => this.toggle());
    byId('learn-speed').addEventListener('change', () => {
      if (this.#timer !== undefined) this.#play();
    });
    byId('learn-numbers').addEventListener('change', () => this.#queueRedraw());
    byId<HTMLInputElement>('learn-large').addEventListener('change', (e) => this.#large((e.target as HTMLInputElement).checked));
    window.addEventListener('keydown', (e) => {
      // Keys typed into a menu or a number box are theirs, not the walkthrough's; so is space on a checkbox (it ticks it).
      // The phase's slider moves itself with the arrows (its input event takes the step).
      const own = e.target instanceof HTMLInputElement && (e.target.type === 'number' || e.target.type === 'range' || e.key === ' ');
      if (e.target instanceof HTMLSelectElement || own || e.altKey || e.ctrlKey || e.metaKey) return;
      const k = e.key;
      if (k === 'ArrowRight') this.go(this.#index + 1);
      else if (k === 'ArrowLeft') this.go(this.#index - 1);
      else if (k === ' ') this.toggle();
      else if (k === 'Home') this.go(0);
      else if (k === 'End') this.go(this.#steps.length - 1);
      else if (k === 'PageDown') this.go(this.#phaseStep(+1));
      else if (k === 'PageUp') this.go(this.#phaseStep(-1));
      else if (k === 'l' || k === 'L') {
        const box = byId<HTMLInputElement>('learn-large');
        box.checked = !box.checked;
        this.#large(box.checked);
      } else return;
      e.preventDefault();
    });
    this.#wireSettings();
    this.#wireHover();
    this.#wireExport();
    this.#wireScrub();
    window.addEventListener('resize', () => this.#queueRedraw());
    this.#wireMenus();
    if (this.address.large) {
      byId<HTMLInputElement>('learn-large').checked = true;
      this.#large(true);
    }
  }

  /** The map's hover line: what the pointer is over on the build's steps (mapHover.ts), also the canvas's tooltip. */
  #wireHover(): void {
    const canvas = byId<HTMLCanvasElement>('learn-canvas');
    const say = (text: string) => {
      this.state.hover = text;
      byId('learn-hover').textContent = text;
      canvas.title = text;
    };
    canvas.addEventListener('pointermove', (e) => {
      const p = this.#haa ? null : this.#cellAt(e);
      say(p ? describeCell(this.#steps[this.#index] as Step, this.#data, p) : '');
    });
    canvas.addEventListener('pointerleave', () => say(''));
  }

  /** The figure's export: the map canvas as a PNG, and the same layers as an SVG drawing. */
  #wireExport(): void {
    // The name says which figure: the map, the walkthrough and the step.
    const name = (ext: string) => `hpastar-learn-${this.address.map.replace(/\.map$/, '')}-${this.address.haa ? 'haa' : this.address.dhpa ? 'dhpa' : 'hpa'}-step-${this.#index + 1}.${ext}`;
    byId('learn-export-png').addEventListener('click', () => {
      this.#draw(); // the step shown now, even if its frame has not come yet
      byId<HTMLCanvasElement>('learn-canvas').toBlob((blob) => blob && download(blob, name('png')), 'image/png');
    });
    byId('learn-export-svg').addEventListener('click', () => {
      this.#draw();
      const step = this.#steps[this.#index];
      const svg = this.#haa ? this.#haa.view.svgOf(step as HaaStep) : this.#view.svgOf(step as Step);
      download(new Blob([svg], { type: 'image/svg+xml' }), name('svg'));
    });
  }

  /** The map and algorithm menus: each loads the page again with its choice (once, whatever calls it). */
  #wireMenus(): void {
    if (this.#menusWired) return;
    this.#menusWired = true;
    const picker = byId<HTMLSelectElement>('learn-map');
    picker.add(new Option('teach40.map (40 × 40, the walkthrough\'s own)', TEACH_MAP_NAME));
    picker.add(new Option('haa10.map (10 × 10, HAA*\'s own)', HAA_MAP_NAME));
    for (const m of bundledMaps) picker.add(new Option(`${m.name} (${m.width} × ${m.height})`, m.name));
    picker.value = this.address.map;
    const algo = byId<HTMLSelectElement>('learn-algo');
    algo.value = this.address.haa ? 'haa' : this.address.dhpa ? 'dhpa' : 'hpa';
    algo.addEventListener('change', () => {
      const q = new URLSearchParams(location.search);
      q.delete('step');
      // Each walkthrough has its own map and query: switching between HPA* and HAA* starts from them.
      if (algo.value === 'haa' || this.address.haa) for (const key of ['map', 'start', 'goal', 'cluster', 'paint']) q.delete(key);
      if (algo.value !== 'hpa') q.set('algo', algo.value);
      else q.delete('algo');
      location.search = q.toString();
    });
    picker.addEventListener('change', () => {
      const q = new URLSearchParams({ map: picker.value });
      if (picker.value !== TEACH_MAP_NAME && picker.value !== HAA_MAP_NAME) q.set('cluster', String(this.#settings?.cluster ?? this.address.cluster));
      if (this.address.haa) q.set('algo', 'haa');
      else if (this.address.dhpa) q.set('algo', 'dhpa');
      location.search = q.toString();
    });
  }

  /** The first step of the next (+1) or previous (−1) phase; −1 from inside a phase: its first step. */
  #phaseStep(dir: 1 | -1): number {
    const current = this.#steps[this.#index]!.phase;
    let i = this.#index;
    if (dir > 0) {
      while (i < this.#steps.length - 1 && this.#steps[i]!.phase === current) i++;
      return i;
    }
    while (i > 0 && this.#steps[i - 1]!.phase === current) i--;
    if (i === this.#index && i > 0) {
      const before = this.#steps[i - 1]!.phase;
      while (i > 0 && this.#steps[i - 1]!.phase === before) i--;
    }
    return i;
  }

  #large(on: boolean): void {
    document.body.classList.toggle('large', on);
    this.address.large = on;
    this.#updateLink();
    this.#queueRedraw();
  }

  /** The cell of the map under a pointer, or null off the map. */
  #cellAt(e: MouseEvent): Point | null {
    const r = (e.currentTarget as HTMLCanvasElement).getBoundingClientRect();
    // The part of the map the canvas shows: all of it, but for the short query's step on a big map.
    const area = this.#haa ? { x: 0, y: 0, ...this.#size } : this.#view.window;
    const x = area.x + Math.floor(((e.clientX - r.left) / r.width) * area.width);
    const y = area.y + Math.floor(((e.clientY - r.top) / r.height) * area.height);
    return x < 0 || y < 0 || x >= this.#size.width || y >= this.#size.height ? null : { x, y };
  }

  /**
   * The end (start or goal) whose marker is at a point of the map canvas: the nearer one within its
   * cell, or within 16 CSS pixels of its centre (a fingertip), whichever reaches further.
   */
  #endAt(at: { clientX: number; clientY: number }): 'start' | 'goal' | null {
    const canvas = byId<HTMLCanvasElement>('learn-canvas');
    const r = canvas.getBoundingClientRect();
    const area = this.#haa ? { x: 0, y: 0, ...this.#size } : this.#view.window;
    const px = r.width / Math.max(1, area.width);
    // The point in cells of the map (fractional), and how far from a cell's centre still grabs it.
    const x = area.x + (at.clientX - r.left) / px, y = area.y + (at.clientY - r.top) / px;
    const reach = Math.max(0.75, 16 / px);
    let best: 'start' | 'goal' | null = null;
    let bestDistance = reach;
    for (const end of ['start', 'goal'] as const) {
      const p = this.#settings[end];
      const distance = Math.hypot(x - (p.x + 0.5), y - (p.y + 0.5));
      if (distance <= bestDistance) [best, bestDistance] = [end, distance];
    }
    return best;
  }

  /** The exercise's answer: the clicked node judged (a click within a dot's reach counts), then the next step. */
  #guess(p: Point): void {
    const px = byId('learn-canvas').clientWidth / Math.max(1, this.#view.window.width);
    this.#predict.answer(p, Math.max(1.5, 12 / px));
    this.go(this.#index + 1);
  }

  /**
   * A click on the map: with the tool "start, then goal", the first sets a new start and the second a
   * new goal; with "start" or "goal" (or an end dragged there), that end moves. The walkthrough is rebuilt in place.
   */
  #pick({ x, y }: Point, tool: MapTool = this.#tool()): void {
    const code = this.#terrain[y * this.#size.width + x]!;
    if (!isPassableTerrain(code)) {
      // Built on it, the walkthrough could not start.
      const what = TERRAIN_NAMES[String.fromCharCode(code)] ?? 'blocked';
      const end = tool === 'ends' ? (this.#pendingStart ? 'goal' : 'start') : tool;
      byId('learn-title').textContent = `(${x}, ${y}) is ${what === 'wall' ? 'a wall' : `blocked (${what})`}: click a free cell for the ${end}`;
      return;
    }
    if (tool === 'start' || tool === 'goal') {
      this.#rebuildSoon({ [tool]: { x, y } });
      return;
    }
    if (!this.#pendingStart) {
      this.#pendingStart = { x, y };
      byId('learn-title').textContent = `New start ${x},${y}: now click the goal`;
      return;
    }
    const start = this.#pendingStart;
    this.#pendingStart = null;
    this.#rebuildSoon({ start, goal: { x, y } });
  }

  #tool(): MapTool {
    return byId<HTMLSelectElement>('learn-tool').value as MapTool;
  }

  #isWall(p: Point): boolean {
    return this.#terrain[p.y * this.#size.width + p.x] === 0x40; // '@'
  }

  /** Wall or ground, and not an end: the cells a stroke of paint may flip. */
  #paintable(p: Point): boolean {
    const code = this.#terrain[p.y * this.#size.width + p.x];
    const { start, goal } = this.#settings;
    const end = (e: Point) => e.x === p.x && e.y === p.y;
    return (code === 0x40 || code === 0x2e) && !end(start) && !end(goal);
  }

  /** A cell of a stroke drawn over the map at once (its rebuild waits for the stroke's end). */
  #previewCell(p: Point, wall: boolean): void {
    const canvas = byId<HTMLCanvasElement>('learn-canvas');
    const area = this.#haa ? { x: 0, y: 0, ...this.#size } : this.#view.window;
    const w = canvas.width / area.width, h = canvas.height / area.height;
    const ctx = canvas.getContext('2d')!;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = wall ? 'rgb(70, 70, 70)' : 'rgb(246, 246, 240)';
    ctx.fillRect((p.x - area.x) * w, (p.y - area.y) * h, Math.ceil(w), Math.ceil(h));
    ctx.restore();
  }

  /** The settings' controls and the map's pointer: each change rebuilds the walkthrough once. */
  #wireSettings(): void {
    const numbers = [['learn-cluster', 'cluster'], ['learn-entrance', 'entrance'], ['learn-levels', 'levels']] as const;
    for (const [id, key] of numbers) {
      const input = byId<HTMLInputElement>(id);
      input.addEventListener('change', () => {
        const v = Number(input.value);
        if (!Number.isInteger(v) || v < Number(input.min) || v > Number(input.max)) {
          this.#note(`${input.title}: a whole number from ${input.min} to ${input.max}`);
          this.#syncControls();
        } else if (v !== this.#settings[key]) this.#rebuildSoon({ [key]: v });
      });
    }
    const smooth = byId<HTMLInputElement>('learn-smooth');
    smooth.addEventListener('change', () => this.#rebuildSoon({ smooth: smooth.checked }));
    const canvas = byId<HTMLCanvasElement>('learn-canvas');
    byId('learn-tool').addEventListener('change', () => {
      this.#pendingStart = null;
      // Painting drags over the map: a phone must not scroll the page instead.
      canvas.style.touchAction = this.#tool() === 'paint' ? 'none' : '';
    });
    wireMapPointer(canvas, {
      cellAt: (e) => this.#cellAt(e),
      tool: () => this.#tool(),
      endAt: (at) => this.#endAt(at),
      paintable: (p) => this.#paintable(p),
      isWall: (p) => this.#isWall(p),
      click: (p) => (this.#predict.state.asking ? this.#guess(p) : this.#pick(p)),
      moveEnd: (end, p) => this.#pick(p, end),
      preview: (p, wall) => this.#previewCell(p, wall),
      stroke: (cells) => (cells.length ? this.#rebuildSoon({ paint: flipCells(this.#settings.paint, cells) }) : this.#queueRedraw()),
    });
    this.#syncControls();
  }

  /** The controls show the settings of the walkthrough shown (after a refused change too). */
  #syncControls(): void {
    const s = this.#settings;
    const cluster = byId<HTMLInputElement>('learn-cluster');
    // At most 64 × 64 clusters: each is a step's worth of data, and a 512 × 512 map in clusters of 2 would freeze the page.
    cluster.min = String(Math.max(2, Math.ceil(Math.max(this.#size.width, this.#size.height) / 64)));
    cluster.value = String(s.cluster);
    byId<HTMLInputElement>('learn-entrance').value = String(s.entrance);
    byId<HTMLInputElement>('learn-levels').value = String(s.levels);
    byId<HTMLInputElement>('learn-smooth').checked = s.smooth;
  }

  #note(text: string): void {
    byId('learn-settings-note').textContent = text;
  }

  /** A rebuild after the next frame, so that "Rebuilding…" shows first (a big map takes a moment). */
  #rebuildSoon(change: Partial<LearnSettings>): void {
    this.state.ready = false;
    this.#note('Rebuilding…');
    requestAnimationFrame(() => setTimeout(() => this.#rebuild(change)));
  }

  /**
   * The walkthrough built again with `change`, the student kept on the same phase and as far into it
   * (keepPlace). A change that cannot be built (an end on a wall, levels the map cannot have) is
   * refused: the walkthrough before it is built again and the note says why.
   */
  #rebuild(change: Partial<LearnSettings>): void {
    const before = this.#settings;
    const [steps, index] = [this.#steps, this.#index];
    const next = { ...before, ...change };
    try {
      this.#build(next);
      this.#settings = next;
      this.#note('');
    } catch (error) {
      this.#build(before);
      this.#note(`Not applied: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.#syncControls();
    this.go(keepPlace(steps, index, this.#steps, this.#phaseOrder().map((p) => p.id)));
    this.state.rebuilds++;
    this.state.ready = true;
  }

  toggle(): void {
    if (this.#timer !== undefined) this.pause();
    else this.#play();
  }

  #play(): void {
    this.pause();
    if (this.#index >= this.#steps.length - 1) this.go(0);
    const rate = Number(byId<HTMLSelectElement>('learn-speed').value);
    this.#timer = window.setInterval(() => {
      if (this.#index >= this.#steps.length - 1) this.pause();
      else this.go(this.#index + 1);
    }, 1000 / rate);
    this.state.playing = true;
    byId('learn-play').textContent = '⏸ Pause';
  }

  pause(): void {
    if (this.#timer !== undefined) window.clearInterval(this.#timer);
    this.#timer = undefined;
    this.state.playing = false;
    byId('learn-play').textContent = '▶ Play';
  }

  go(index: number): void {
    this.#index = Math.min(Math.max(0, index), this.#steps.length - 1);
    const s = this.#steps[this.#index]!;
    const st = this.state;
    st.step = this.#index;
    st.phase = s.phase;
    // The hover line spoke of the step before: it waits for the pointer to move again.
    st.hover = '';
    byId('learn-hover').textContent = '';
    byId('learn-position').textContent = `Step ${this.#index + 1} of ${this.#steps.length} · ${[...PHASES, ...HAA_PHASES].find((p) => p.id === s.phase)!.label}`;
    byId('learn-title').textContent = s.title;
    byId('learn-text').textContent = s.text;
    if (this.#haa) st.haa = haaShownOf(s as HaaStep, this.#haa.data);
    else {
      const hs = s as Step;
      st.counts = { ...hs.counts };
      st.shown = shownOf(hs, this.#data);
      byId('learn-sg').textContent = String(hs.counts.sg);
      byId('learn-main').textContent = String(hs.counts.main);
      byId('learn-abstract').textContent = String(hs.counts.sg + hs.counts.main);
      byId('learn-refinement').textContent = String(hs.counts.refinement);
      this.#predict.show(hs);
      st.predict = this.#predict.state;
      this.#showShortQuery(hs.shortQuery);
      this.#showPace(hs);
    }
    const phase = byId<HTMLSelectElement>('learn-phase');
    phase.value = String(phaseStarts<string>(this.#steps).get(s.phase));
    this.#showScrub();
    byId<HTMLButtonElement>('learn-prev').disabled = this.#index === 0;
    byId<HTMLButtonElement>('learn-next').disabled = this.#index === this.#steps.length - 1;
    this.#updateLink();
    this.#queueRedraw();
  }

  /** A phase of more than {@link SCRUB_ABOVE} steps: the slider over its steps at this one, and its skip to the end. */
  #showScrub(): void {
    const { first, last } = phaseSpan(this.#steps, this.#index);
    const n = last - first + 1;
    byId('learn-scrub').hidden = n <= SCRUB_ABOVE;
    const range = byId<HTMLInputElement>('learn-scrub-range');
    range.max = String(n - 1);
    range.value = String(this.#index - first);
    byId('learn-scrub-at').textContent = `${this.#index - first + 1} of ${n}`;
    byId<HTMLButtonElement>('learn-skip').disabled = this.#index === last;
  }

  /** The slider moves through the phase's steps (one redraw a frame however fast it is dragged); skip goes to its last. */
  #wireScrub(): void {
    const range = byId<HTMLInputElement>('learn-scrub-range');
    range.addEventListener('input', () => this.go(phaseSpan(this.#steps, this.#index).first + Number(range.value)));
    byId('learn-skip').addEventListener('click', () => this.go(phaseSpan(this.#steps, this.#index).last));
  }

  /** The short query's counts beside A*'s (its step only), and the A* figure's caption for the query it shows. */
  #showShortQuery(on: boolean): void {
    const q = on ? this.#data.short : null;
    byId('learn-short-counts').hidden = !q;
    byId('learn-counts').hidden = !!q; // the walkthrough query's counts: not this step's
    const astar = q ? q.astar.path : this.#data.astar.path;
    byId('learn-astar-caption').textContent = q
      ? `Plain A* on the short query: ${astar.expanded} cells expanded (blue), cost ${astar.cost.toFixed(2)}`
      : `Plain A* on the same query, in step with ${hierarchyName(this.#data.dhpa)} (blue: expanded; dark: its newest cells)`;
    if (!q) return;
    const c = shortCounts(q);
    const cells: [string, number][] = [['insertion', c.insertion], ['abstract', c.abstract], ['refinement', c.refinement], ['hpa', c.hpa], ['astar', c.astar]];
    for (const [id, n] of cells) byId(`learn-short-${id}`).textContent = String(n);
  }

  /** A* in step with HPA* (see astarPace.ts): both running counts under A*'s panel; the short query's step shows its own totals. */
  #showPace(s: Step): void {
    const pace = astarPace(s, this.#data, this.#index === this.#steps.length - 1);
    this.state.astarPace = pace;
    const q = s.shortQuery ? this.#data.short : null;
    const c = q ? shortCounts(q) : null;
    byId('learn-pace').textContent = c ? `Short query: ${hierarchyName(this.#data.dhpa)} ${c.hpa} expanded · A*: ${c.astar} of ${c.astar}` : paceText(pace, this.#data);
    byId('learn-pace-rule').textContent = q ? 'This step compares the short query\'s whole searches.' : paceRule(hierarchyName(this.#data.dhpa));
  }

  #updateLink(): void {
    const q = new URLSearchParams(location.search);
    writeSettings(q, this.#settings, this.#defaults);
    q.set('step', String(this.#index));
    if (this.address.large) q.set('large', '1');
    else q.delete('large');
    const href = `${location.pathname}?${q}`;
    byId<HTMLAnchorElement>('learn-permalink').href = href;
    history.replaceState(null, '', href);
  }

  /** One redraw at the next frame, however many steps were taken since (playing fast, holding a key). */
  #queueRedraw(): void {
    if (this.#redrawQueued) return;
    this.#redrawQueued = true;
    requestAnimationFrame(() => {
      this.#redrawQueued = false;
      this.#draw();
    });
  }

  #draw(): void {
    const s = this.#steps[this.#index]!;
    const fig = byId('learn-hpa-figure');
    const side = Math.max(120, Math.min(fig.clientWidth, window.innerHeight - 80));
    if (this.#haa) {
      this.#haa.view.draw(s as HaaStep, side);
      const canvas = byId<HTMLCanvasElement>('learn-canvas');
      this.state.haaLabels = { labels: this.#haa.view.labels, width: canvas.clientWidth, height: canvas.clientHeight };
      this.state.haaPathStarts = [...this.#haa.view.pathStarts];
      const a = byId('learn-astar-figure');
      this.#haa.beside.draw(s as HaaStep, Math.max(100, Math.min(a.clientWidth, side)), true);
      return;
    }
    this.#view.numbers = byId<HTMLInputElement>('learn-numbers').checked;
    const open = this.#predict.state.asking ? this.#predict.state.open : [];
    this.#view.openRings = open.length ? Int32Array.from(open.flatMap((n) => [n.x, n.y])) : null;
    this.#view.draw(s as Step, side, side);
    this.state.mapNumbers = [...this.#view.mapNumbers];
    this.state.levelEdgeCells = this.#view.levelEdgeCells.map((c) => [...c]);
    // Asked for numbers on a map whose cells are too small to write in: say so, and how to read them.
    const tooSmall = this.#view.numbers && this.#view.cellSize < NUMBERS_FROM;
    const skipped = this.#view.skippedCosts;
    const costs = skipped + this.#view.mapNumbers.filter((m) => m.kind === 'intra-edge').length;
    byId('learn-numbers-note').textContent = tooSmall
      ? `cells too small for numbers (under ${NUMBERS_FROM} px): point at the map to read one`
      : skipped > 0
        ? `${skipped} of ${costs} costs left out where they would cover others: point at an edge to read its cost`
        : '';
    this.state.mapWindow = { ...this.#view.window };
    this.state.treeNumbers = [...this.#view.treeNumbers];
    const a = byId('learn-astar-figure');
    const small = Math.max(100, Math.min(a.clientWidth, side));
    this.#astarView.draw(s as Step, small, small, this.state.astarPace);
  }
}

const initial: LearnState = {
  ready: false,
  error: null,
  step: 0,
  steps: 0,
  phase: '',
  counts: { sg: 0, main: 0, refinement: 0 },
  astarExpanded: 0,
  astarPace: null,
  costs: null,
  shown: null,
  short: null,
  mapWindow: null,
  treeCost: null,
  treeNumbers: [],
  termination: null,
  haa: null,
  haaLabels: null,
  haaPathStarts: [],
  haaAbstraction: null,
  haaGap: null,
  haaData: null,
  mapNumbers: [],
  levelEdgeCells: [],
  hover: '',
  predict: null,
  playing: false,
  rebuilds: 0,
  query: { start: { x: 0, y: 0 }, goal: { x: 0, y: 0 }, cluster: 0, levels: 0, entrance: 0, smooth: true, paint: [], map: '', dhpa: false, haa: false },
};
window.__hpastarLearn = initial;

const page = new LearnPage(readAddress(), initial);
loadHpastar()
  .then((hp) => page.start(hp))
  .catch((error: unknown) => {
    initial.error = error instanceof Error ? error.message : String(error);
    page.showError(initial.error);
  });
