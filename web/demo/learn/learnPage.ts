// The walkthrough page (learn.html): HPA*'s build and one query, one step at a time, beside plain A*.
// ?map=NAME (a map of maps/; default the walkthrough's own 40 × 40 map), start=x,y, goal=x,y,
// cluster=N, levels=N, step=K (a permalink to step K), large=1 (large text, for projectors).
import bundledMaps from 'virtual:hpastar-maps';
import { loadHpastar, type Grid, type HPAStar, type Hpastar, type Point } from '../../lib/index';
import { LearnView, terrainImage } from './learnView';
import { TEACH_CLUSTER, TEACH_GOAL, TEACH_MAP_NAME, TEACH_START, teachMapText } from './teachMap';
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
  shown: Shown | null;
  playing: boolean;
  query: { start: Point; goal: Point; cluster: number; levels: number; map: string; dhpa: boolean };
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
function readAddress(): { map: string; start: Point | null; goal: Point | null; cluster: number; levels: number; step: number; large: boolean; dhpa: boolean } {
  const q = new URLSearchParams(location.search);
  const num = (key: string, fallback: number) => {
    const v = Number(q.get(key));
    return q.has(key) && Number.isInteger(v) ? v : fallback;
  };
  return {
    map: q.get('map') ?? TEACH_MAP_NAME,
    start: parsePoint(q.get('start')),
    goal: parsePoint(q.get('goal')),
    cluster: num('cluster', TEACH_CLUSTER),
    levels: num('levels', 1),
    step: num('step', 0),
    large: q.get('large') === '1',
    dhpa: q.get('algo') === 'dhpa',
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
  #steps: Step[] = [];
  #data!: WalkthroughData;
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
    const text = a.map === TEACH_MAP_NAME ? teachMapText() : await (await fetch(`${import.meta.env.BASE_URL}maps/${a.map}`)).text();
    const grid = hp.Grid.fromMovingAI(text, a.map);
    const start = a.start ?? (a.map === TEACH_MAP_NAME ? TEACH_START : cornerCell(grid, false));
    const goal = a.goal ?? (a.map === TEACH_MAP_NAME ? TEACH_GOAL : cornerCell(grid, true));
    for (const [name, p] of [['start', start], ['goal', goal]] as const)
      if (p.x >= grid.width || p.y >= grid.height || !grid.passable(p.x, p.y)) throw new Error(`the ${name} ${p.x},${p.y} is not a free cell of ${a.map}`);
    // The paper's options: the walkthrough shows HPA* as published (no trees, caches or landmarks).
    // DHPA* (algo=dhpa): the same, with every node's tree kept.
    const planner: HPAStar = hp.HPAStar.build(grid, { ...hp.HPAStar.defaultOptions, clusterSize: a.cluster, levels: a.levels, cacheTrees: a.dhpa });
    const astar = new hp.AStar().traceFindPath(grid, start, goal);
    this.#data = readWalkthrough(planner, grid, start, goal, astar);
    this.#steps = makeSteps(this.#data);
    const terrain = terrainImage(grid.terrain(), grid.width, grid.height);
    this.#view = new LearnView(byId('learn-canvas'), this.#data, terrain);
    this.#astarView = new LearnView(byId('learn-astar-canvas'), this.#data, terrain);
    this.state.query = { start, goal, cluster: a.cluster, levels: a.levels, map: a.map, dhpa: a.dhpa };
    this.state.steps = this.#steps.length;
    this.state.astarExpanded = astar.path.stats.expandedMain;
    byId('learn-astar').textContent = String(astar.path.stats.expandedMain);
    byId('learn-astar-abstract').textContent = String(astar.path.stats.expandedMain);
    byId('learn-astar-caption').textContent = `Plain A* on the same query: ${astar.path.stats.expandedMain} cells expanded (blue), cost ${astar.path.cost.toFixed(2)}`;
    byId('learn-hpa-caption').textContent = a.dhpa ? 'DHPA* (HPA* with stored trees)' : 'HPA*';
    planner.dispose();
    grid.dispose();
    this.#wire();
    this.go(Math.min(Math.max(0, a.step), this.#steps.length - 1));
    this.state.ready = true;
  }

  #wire(): void {
    const phase = byId<HTMLSelectElement>('learn-phase');
    const starts = phaseStarts(this.#steps);
    for (const p of PHASES) if (starts.has(p.id)) phase.add(new Option(p.label, String(starts.get(p.id))));
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
    const picker = byId<HTMLSelectElement>('learn-map');
    picker.add(new Option('teach40.map (40 × 40, the walkthrough\'s own)', TEACH_MAP_NAME));
    for (const m of bundledMaps) picker.add(new Option(`${m.name} (${m.width} × ${m.height})`, m.name));
    picker.value = this.address.map;
    const algo = byId<HTMLSelectElement>('learn-algo');
    algo.value = this.address.dhpa ? 'dhpa' : 'hpa';
    algo.addEventListener('change', () => {
      const q = new URLSearchParams(location.search);
      q.delete('step');
      if (algo.value === 'dhpa') q.set('algo', 'dhpa');
      else q.delete('algo');
      location.search = q.toString();
    });
    picker.addEventListener('change', () => {
      const q = new URLSearchParams({ map: picker.value });
      if (picker.value !== TEACH_MAP_NAME) q.set('cluster', String(this.address.cluster));
      location.search = q.toString();
    });
    if (this.address.large) {
      byId<HTMLInputElement>('learn-large').checked = true;
      this.#large(true);
    }
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
    const x = Math.floor(((e.clientX - r.left) / r.width) * this.#data.width);
    const y = Math.floor(((e.clientY - r.top) / r.height) * this.#data.height);
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
    st.counts = { ...s.counts };
    st.shown = shownOf(s, this.#data);
    byId('learn-position').textContent = `Step ${this.#index + 1} of ${this.#steps.length} · ${PHASES.find((p) => p.id === s.phase)!.label}`;
    byId('learn-title').textContent = s.title;
    byId('learn-text').textContent = s.text;
    byId('learn-sg').textContent = String(s.counts.sg);
    byId('learn-main').textContent = String(s.counts.main);
    byId('learn-abstract').textContent = String(s.counts.sg + s.counts.main);
    byId('learn-refinement').textContent = String(s.counts.refinement);
    const phase = byId<HTMLSelectElement>('learn-phase');
    phase.value = String(phaseStarts(this.#steps).get(s.phase));
    byId<HTMLButtonElement>('learn-prev').disabled = this.#index === 0;
    byId<HTMLButtonElement>('learn-next').disabled = this.#index === this.#steps.length - 1;
    this.#updateLink();
    this.#queueRedraw();
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
    this.#view.draw(s, side, side);
    const a = byId('learn-astar-figure');
    const small = Math.max(100, Math.min(a.clientWidth, side));
    this.#astarView.draw(s, small, small, true);
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
  shown: null,
  playing: false,
  query: { start: { x: 0, y: 0 }, goal: { x: 0, y: 0 }, cluster: 0, levels: 0, map: '', dhpa: false },
};
window.__hpastarLearn = initial;

const page = new LearnPage(readAddress(), initial);
loadHpastar()
  .then((hp) => page.start(hp))
  .catch((error: unknown) => {
    initial.error = error instanceof Error ? error.message : String(error);
    byId('learn-title').textContent = `Cannot show this walkthrough: ${initial.error}`;
  });
