// The walkthrough page (learn.html): HPA*'s build and one query, one step at a time, beside plain A*.
// ?map=NAME (a map of maps/; default the walkthrough's own 40 × 40 map), start=x,y, goal=x,y,
// cluster=N, levels=N, step=K (a permalink to step K), large=1 (large text, for projectors),
// algo=dhpa (DHPA*) or algo=haa (HAA*: clearance, capabilities and agent sizes; default map: the
// article's kind of 10 × 10 toy map).

import bundledMaps from 'virtual:hpastar-maps';
import { loadHpastar, type Grid, type HPAStar, type Hpastar, type Point } from '../../lib/index';
import { traceSearch } from '../../lib/inspect';
import { isPassableTerrain } from '../../lib/terrain';
import { TERRAIN_NAMES } from '../render/view';
import { HAA_PHASES, haaShownOf, makeHaaSteps, readHaaWalkthrough, type HaaShown, type HaaStep, type HaaWalkthroughData } from './haaWalkthrough';
import { HaaView, type DrawnLabel } from './haaView';
import { LearnView, terrainImage, type MapWindow } from './learnView';
import { HAA_CLUSTER, HAA_GOAL, HAA_MAP_NAME, HAA_START, haaMapText, TEACH_CLUSTER, TEACH_GOAL, TEACH_MAP_NAME, TEACH_START, teachMapText } from './teachMap';
import type { QueryCosts } from './optimality';
import type { DominanceGap, GapPair } from './haaTradeoff';
import { measureTreeCost, pickShortQuery, shortCounts, type ShortCounts, type TreeCost } from './tradeoffs';
import { makeSteps, phaseStarts, PHASES, readWalkthrough, shownOf, type Shown, type Step, type WalkthroughData } from './walkthrough';

/** What the end-to-end tests read. */
export interface LearnState {
  ready: boolean;
  error: string | null;
  step: number;
  steps: number;
  phase: string;
  counts: { sg: number; main: number; refinement: number };
  astarExpanded: number;
  /** HPA*: the query's costs (refined, smoothed, optimal) and its gap split, as the optimality step states them. */
  costs: QueryCosts | null;
  shown: Shown | null;
  /** HPA*: the "when A* wins" step's short query and both searches' expansions, as the step shows them. */
  short: (ShortCounts & { start: Point; goal: Point }) | null;
  /** HPA*: the part of the map the last frame showed, in cells (all of it but on a big map's short query step). */
  mapWindow: MapWindow | null;
  /** DHPA*: the trees' bytes and the insertion expansions with and without them, as the trade-off step states them. */
  treeCost: TreeCost | null;
  /** HAA* walkthrough (algo=haa): what the step shows, and the core's values the tests check by hand. */
  haa: HaaShown | null;
  /** HAA*: the labels the map shows (CSS pixels of its canvas), and the canvas's size. */
  haaLabels: { labels: DrawnLabel[]; width: number; height: number } | null;
  /** HAA*: the trade-off step's measures (its pair's costs, the mean gaps), as the step states them. */
  haaGap: (Omit<DominanceGap, 'worst'> & { worst: Omit<GapPair, 'haaCells' | 'optimalCells'> | null }) | null;
  haaData: { capabilities: readonly string[]; clearance: number[][]; brushfire: number[]; smallCost: number; bigCost: number; brushfireFound: boolean; trueFound: boolean } | null;
  playing: boolean;
  query: { start: Point; goal: Point; cluster: number; levels: number; map: string; dhpa: boolean; haa: boolean };
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
function readAddress(): { map: string; start: Point | null; goal: Point | null; cluster: number; levels: number; step: number; large: boolean; dhpa: boolean; haa: boolean } {
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
    step: num('step', 0),
    large: q.get('large') === '1',
    dhpa: q.get('algo') === 'dhpa',
    haa,
  };
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
  #redrawQueued = false;
  readonly state: LearnState;

  constructor(
    private readonly address: ReturnType<typeof readAddress>,
    state: LearnState,
  ) {
    this.state = state;
  }

  async start(hp: Hpastar): Promise<void> {
    const a = this.address;
    const own = a.map === TEACH_MAP_NAME ? teachMapText() : a.map === HAA_MAP_NAME ? haaMapText() : null;
    const text = own ?? (await (await fetch(`${import.meta.env.BASE_URL}maps/${a.map}`)).text());
    const grid = hp.Grid.fromMovingAI(text, a.map);
    const start = a.start ?? (a.map === TEACH_MAP_NAME ? TEACH_START : a.map === HAA_MAP_NAME ? HAA_START : cornerCell(grid, false));
    const goal = a.goal ?? (a.map === TEACH_MAP_NAME ? TEACH_GOAL : a.map === HAA_MAP_NAME ? HAA_GOAL : cornerCell(grid, true));
    this.#size = { width: grid.width, height: grid.height };
    this.#terrain = grid.terrain();
    for (const [name, p] of [['start', start], ['goal', goal]] as const)
      if (p.x >= grid.width || p.y >= grid.height || !grid.passable(p.x, p.y)) throw new Error(`the ${name} ${p.x},${p.y} is not a free cell of ${a.map}`);
    if (a.haa) {
      this.#startHaa(hp, grid, start, goal);
      return;
    }
    // The paper's options: the walkthrough shows HPA* as published (no trees, caches or landmarks).
    // DHPA* (algo=dhpa): the same, with every node's tree kept.
    const options = { ...hp.HPAStar.defaultOptions, clusterSize: a.cluster, levels: a.levels };
    const planner: HPAStar = hp.HPAStar.build(grid, { ...options, cacheTrees: a.dhpa });
    const search = new hp.AStar();
    const astar = traceSearch(search, grid, start, goal);
    const short = pickShortQuery(planner, grid, search);
    let treeCost: TreeCost | null = null;
    if (a.dhpa) {
      // The same hierarchy without trees, for what the trees save on this query.
      const plain = hp.HPAStar.build(grid, options);
      treeCost = measureTreeCost(planner, plain, start, goal);
      plain.dispose();
    }
    this.#data = readWalkthrough(planner, grid, start, goal, astar, { short, treeCost });
    this.#steps = makeSteps(this.#data);
    const terrain = terrainImage(grid.terrain(), grid.width, grid.height);
    this.#view = new LearnView(byId('learn-canvas'), this.#data, terrain);
    this.#astarView = new LearnView(byId('learn-astar-canvas'), this.#data, terrain);
    this.state.query = { start, goal, cluster: a.cluster, levels: a.levels, map: a.map, dhpa: a.dhpa, haa: false };
    this.state.steps = this.#steps.length;
    this.state.astarExpanded = astar.path.stats.expandedMain;
    this.state.costs = { ...this.#data.costs };
    this.state.short = short ? { ...shortCounts(short), start: short.start, goal: short.goal } : null;
    this.state.treeCost = treeCost;
    byId('learn-astar').textContent = String(astar.path.stats.expandedMain);
    byId('learn-astar-abstract').textContent = String(astar.path.stats.expandedMain);
    byId('learn-hpa-caption').textContent = a.dhpa ? 'DHPA* (HPA* with stored trees)' : 'HPA*';
    planner.dispose();
    grid.dispose();
    this.#wire();
    this.go(Math.min(Math.max(0, a.step), this.#steps.length - 1));
    this.state.ready = true;
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

  /** HAA* (algo=haa): its planner on the map, the walkthrough's data read from it, then the same controls. */
  #startHaa(hp: Hpastar, grid: Grid, start: Point, goal: Point): void {
    const a = this.address;
    const planner = hp.HAAStar.build(grid, { clusterSize: a.cluster, maxSize: 3 });
    try {
      const data = readHaaWalkthrough(hp, planner, grid, start, goal);
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
      const { worst, ...gap } = data.gap;
      this.state.haaGap = { ...gap, worst: worst && { start: worst.start, goal: worst.goal, haa: worst.haa, optimal: worst.optimal, low: worst.low } };
    } finally {
      planner.dispose();
      grid.dispose();
    }
    this.state.query = { start, goal, cluster: a.cluster, levels: 0, map: a.map, dhpa: false, haa: true };
    this.state.steps = this.#steps.length;
    document.body.classList.add('haa');
    byId('learn-heading').textContent = 'Learn HAA*';
    byId('learn-hpa-caption').textContent = 'HAA* (Harabor and Botea 2008): clearance, entrances and graphs per agent';
    byId('learn-astar-caption').textContent = `True clearance for {${this.#haa.data.capabilities[this.#haa.data.main]}}`;
    this.#wire();
    this.go(Math.min(Math.max(0, a.step), this.#steps.length - 1));
    this.state.ready = true;
  }

  #wire(): void {
    const phase = byId<HTMLSelectElement>('learn-phase');
    const starts = phaseStarts<string>(this.#steps);
    for (const p of this.#haa ? HAA_PHASES : PHASES) if (starts.has(p.id)) phase.add(new Option(p.label, String(starts.get(p.id))));
    phase.addEventListener('change', () => this.go(Number(phase.value)));
    byId('learn-prev').addEventListener('click', () => this.go(this.#index - 1));
    byId('learn-next').addEventListener('click', () => this.go(this.#index + 1));
    byId('learn-play').addEventListener('click', () => this.toggle());
    byId('learn-speed').addEventListener('change', () => {
      if (this.#timer !== undefined) this.#play();
    });
    byId<HTMLInputElement>('learn-large').addEventListener('change', (e) => this.#large((e.target as HTMLInputElement).checked));
    window.addEventListener('keydown', (e) => {
      if (e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
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
    byId('learn-canvas').addEventListener('click', (e) => this.#pick(e));
    window.addEventListener('resize', () => this.#queueRedraw());
    this.#wireMenus();
    if (this.address.large) {
      byId<HTMLInputElement>('learn-large').checked = true;
      this.#large(true);
    }
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
      if (algo.value === 'haa' || this.address.haa) for (const key of ['map', 'start', 'goal', 'cluster']) q.delete(key);
      if (algo.value !== 'hpa') q.set('algo', algo.value);
      else q.delete('algo');
      location.search = q.toString();
    });
    picker.addEventListener('change', () => {
      const q = new URLSearchParams({ map: picker.value });
      if (picker.value !== TEACH_MAP_NAME && picker.value !== HAA_MAP_NAME) q.set('cluster', String(this.address.cluster));
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

  /** A click on the map: the first sets a new start, the second a new goal, and the walkthrough restarts there. */
  #pick(e: MouseEvent): void {
    const canvas = e.currentTarget as HTMLCanvasElement;
    const r = canvas.getBoundingClientRect();
    // The part of the map the canvas shows: all of it, but for the short query's step on a big map.
    const area = this.#haa ? { x: 0, y: 0, ...this.#size } : this.#view.window;
    const x = area.x + Math.floor(((e.clientX - r.left) / r.width) * area.width);
    const y = area.y + Math.floor(((e.clientY - r.top) / r.height) * area.height);
    if (x < 0 || y < 0 || x >= this.#size.width || y >= this.#size.height) return;
    const code = this.#terrain[y * this.#size.width + x]!;
    if (!isPassableTerrain(code)) {
      // Sent to the address it would make a walkthrough that cannot start.
      const what = TERRAIN_NAMES[String.fromCharCode(code)] ?? 'blocked';
      byId('learn-title').textContent = `(${x}, ${y}) is ${what === 'wall' ? 'a wall' : `blocked (${what})`}: click a free cell for the ${this.#pendingStart ? 'goal' : 'start'}`;
      return;
    }
    if (!this.#pendingStart) {
      this.#pendingStart = { x, y };
      byId('learn-title').textContent = `New start ${x},${y}: now click the goal`;
      return;
    }
    const q = new URLSearchParams(location.search);
    q.set('start', `${this.#pendingStart.x},${this.#pendingStart.y}`);
    q.set('goal', `${x},${y}`);
    q.delete('step');
    location.search = q.toString();
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
      this.#showShortQuery(hs.shortQuery);
    }
    const phase = byId<HTMLSelectElement>('learn-phase');
    phase.value = String(phaseStarts<string>(this.#steps).get(s.phase));
    byId<HTMLButtonElement>('learn-prev').disabled = this.#index === 0;
    byId<HTMLButtonElement>('learn-next').disabled = this.#index === this.#steps.length - 1;
    this.#updateLink();
    this.#queueRedraw();
  }

  /** The short query's counts beside A*'s (its step only), and the A* figure's caption for the query it shows. */
  #showShortQuery(on: boolean): void {
    const q = on ? this.#data.short : null;
    byId('learn-short-counts').hidden = !q;
    byId('learn-counts').hidden = !!q; // the walkthrough query's counts: not this step's
    const astar = q ? q.astar.path : this.#data.astar.path;
    byId('learn-astar-caption').textContent = `Plain A* on the ${q ? 'short' : 'same'} query: ${astar.expanded} cells expanded (blue), cost ${astar.cost.toFixed(2)}`;
    if (!q) return;
    const c = shortCounts(q);
    const cells: [string, number][] = [['insertion', c.insertion], ['abstract', c.abstract], ['refinement', c.refinement], ['hpa', c.hpa], ['astar', c.astar]];
    for (const [id, n] of cells) byId(`learn-short-${id}`).textContent = String(n);
  }

  #updateLink(): void {
    const q = new URLSearchParams(location.search);
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
      const a = byId('learn-astar-figure');
      this.#haa.beside.draw(s as HaaStep, Math.max(100, Math.min(a.clientWidth, side)), true);
      return;
    }
    this.#view.draw(s as Step, side, side);
    this.state.mapWindow = { ...this.#view.window };
    const a = byId('learn-astar-figure');
    const small = Math.max(100, Math.min(a.clientWidth, side));
    this.#astarView.draw(s as Step, small, small, true);
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
  costs: null,
  shown: null,
  short: null,
  mapWindow: null,
  treeCost: null,
  haa: null,
  haaLabels: null,
  haaGap: null,
  haaData: null,
  playing: false,
  query: { start: { x: 0, y: 0 }, goal: { x: 0, y: 0 }, cluster: 0, levels: 0, map: '', dhpa: false, haa: false },
};
window.__hpastarLearn = initial;

const page = new LearnPage(readAddress(), initial);
loadHpastar()
  .then((hp) => page.start(hp))
  .catch((error: unknown) => {
    initial.error = error instanceof Error ? error.message : String(error);
    page.showError(initial.error);
  });
