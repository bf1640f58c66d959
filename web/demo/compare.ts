// The compare view: every algorithm on the same query, or on a batch of scenarios (the map's Moving
// AI .scen file when it has one, else random connected pairs with A*'s lengths), shown as a table
// and as charts (Chart.js): time against path length, speedup over A*, suboptimality.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { suboptimality, type AlgoInfo, type Planners, type SearchSettings } from './algorithms';
import { errorText, fmtFixed, fmtInt, fmtMs, fmtPercent, fmtTick } from './format';
import { OKABE_ITO } from './render/palette';
import type { Scenario } from './maps';
import { medianTime } from './timing';

Chart.register(ScatterController, BarController, BarElement, CategoryScale, LinearScale, LogarithmicScale, PointElement, Tooltip, Legend);

const SERIES_COLOURS = [OKABE_ITO.black, OKABE_ITO.orange, OKABE_ITO.skyBlue, OKABE_ITO.green, OKABE_ITO.vermillion, OKABE_ITO.purple, OKABE_ITO.blue];
const SERIES_SHAPES = ['circle', 'triangle', 'rect', 'rectRot', 'star', 'crossRot', 'rectRounded'] as const;

export interface QueryRow {
  algo: string;
  buildMs: number;
  ms: number;
  sg: number;
  main: number;
  refine: number;
  expanded: number;
  cost: number;
  subopt: number;
  /** Why the algorithm has no answer (its build was refused), or null. */
  error: string | null;
}

export interface BatchRow {
  algo: string;
  queries: number;
  found: number;
  meanMs: number;
  speedup: number;
  meanExpanded: number;
  meanSubopt: number;
  maxSubopt: number;
}

/** What the end-to-end tests read. */
export interface CompareState {
  kind: 'none' | 'query' | 'batch';
  running: boolean;
  progress: number;
  queryRows: QueryRow[];
  batchRows: BatchRow[];
  chartPoints: number;
  /** The chart's value axis, as labelled. */
  yTicks: string[];
}

interface Sample {
  length: number;
  ms: number;
  speedup: number;
  subopt: number;
}

type ChartKind = 'time' | 'speedup' | 'subopt';

export interface CompareContext {
  /** The algorithms compared: those the picker offers. */
  algorithms: readonly AlgoInfo[];
  planners: Planners;
  settings: SearchSettings;
  start: { x: number; y: number } | null;
  goal: { x: number; y: number } | null;
  /** Scenarios of the map (bundled maps), or null: random pairs are drawn then. */
  scenarios: () => Promise<Scenario[] | null>;
  randomPairs: (n: number) => [number, number, number, number][];
  say: (text: string, isError?: boolean) => void;
}

const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ComparePanel {
  readonly state: CompareState = { kind: 'none', running: false, progress: 0, queryRows: [], batchRows: [], chartPoints: 0, yTicks: [] };
  #table: HTMLTableElement;
  #progress: HTMLElement;
  #canvas: HTMLCanvasElement;
  #chartPicker: HTMLSelectElement;
  #chart: Chart | null = null;
  #samples = new Map<string, Sample[]>();
  #token = 0;
  /** The algorithms of the last run: its table's rows and its chart's series. */
  #algorithms: readonly AlgoInfo[] = [];
  /** Called when a row of the query table is clicked: show that algorithm's path. */
  onPick: (algo: AlgoInfo) => void = () => {};

  constructor(root: HTMLElement) {
    this.#table = root.querySelector('table')!;
    this.#progress = root.querySelector('[data-role=progress]')!;
    this.#canvas = root.querySelector('canvas')!;
    this.#chartPicker = root.querySelector('select[data-role=chart]')!;
    this.#chartPicker.addEventListener('change', () => this.#drawChart());
  }

  cancel(): void {
    this.#token++;
    this.state.running = false;
  }

  /** Every algorithm on the current query. */
  async runQuery(c: CompareContext): Promise<void> {
    if (!c.start || !c.goal) {
      c.say('Set a start and a goal first (Explore), then compare.', true);
      return;
    }
    const token = ++this.#token;
    this.#algorithms = c.algorithms;
    Object.assign(this.state, { kind: 'query', running: true, progress: 0, queryRows: [], batchRows: [] });
    const rows: QueryRow[] = [];
    let optimal = NaN;
    for (const [i, algo] of c.algorithms.entries()) {
      this.#progress.textContent = `Running ${algo.label}…`;
      await nextFrame();
      if (token !== this.#token) return;
      let buildMs, first;
      try {
        buildMs = c.planners.prepare(algo, c.settings);
        first = c.planners.run(algo, c.settings, c.start, c.goal, false);
      } catch (error) {
        rows.push({ algo: algo.label, buildMs: NaN, ms: NaN, sg: 0, main: 0, refine: 0, expanded: 0, cost: NaN, subopt: NaN, error: errorText(error) });
        this.state.progress = (i + 1) / c.algorithms.length;
        continue;
      }
      // A median needs fewer runs than a mean to be steady: 8 ms keeps the page within a frame or so.
      const ms = medianTime(() => c.planners.run(algo, c.settings, c.start!, c.goal!, false), { budgetMs: 8, maxRuns: 500, warm: true });
      if (algo.kind === 'astar') optimal = first.cost;
      rows.push({
        algo: algo.label, buildMs, ms, sg: first.stats.expandedInsertion, main: first.stats.expandedMain, refine: first.stats.expandedRefinement,
        expanded: first.expanded, cost: first.cost, subopt: first.found ? suboptimality(first.cost, optimal) : NaN, error: null,
      });
      this.state.progress = (i + 1) / c.algorithms.length;
    }
    this.state.queryRows = rows;
    this.#renderQueryTable(rows);
    this.#samples.clear();
    this.#progress.textContent = `Query (${c.start.x}, ${c.start.y}) → (${c.goal.x}, ${c.goal.y}): median time of repeated runs; build time once per planner. Click a row to show its path.${rows.filter((r) => r.error).map((r) => ` ${r.algo}: ${r.error}.`).join('')}`;
    this.state.running = false;
    this.#drawChart();
  }

  /** Every algorithm on `count` scenarios. */
  async runBatch(c: CompareContext, count: number): Promise<void> {
    const token = ++this.#token;
    this.#algorithms = c.algorithms;
    Object.assign(this.state, { kind: 'batch', running: true, progress: 0, queryRows: [], batchRows: [] });
    const scen = await c.scenarios();
    let queries: { sx: number; sy: number; gx: number; gy: number; optimal: number }[];
    if (scen && scen.length) {
      // An even sample across the file: it is sorted by bucket (path length), so every length is covered.
      const step = Math.max(1, scen.length / count);
      queries = [];
      for (let i = 0; i < count && Math.floor(i * step) < scen.length; i++) queries.push(scen[Math.floor(i * step)]!);
    } else {
      queries = c.randomPairs(count).map(([sx, sy, gx, gy]) => ({ sx, sy, gx, gy, optimal: NaN }));
    }
    const samples = new Map<string, Sample[]>(c.algorithms.map((a) => [a.label, []]));
    const totals = new Map<string, { ms: number; expanded: number; found: number; subopt: number; max: number; n: number }>(
      c.algorithms.map((a) => [a.label, { ms: 0, expanded: 0, found: 0, subopt: 0, max: 0, n: 0 }]),
    );
    // An algorithm that cannot be built here (its build refused) is left out of the runs.
    const refused = new Map<AlgoInfo, string>();
    for (const algo of c.algorithms) {
      try {
        c.planners.prepare(algo, c.settings);
      } catch (error) {
        refused.set(algo, errorText(error));
      }
    }
    let last = performance.now();
    for (const [qi, q] of queries.entries()) {
      if (performance.now() - last > 30) {
        this.state.progress = qi / queries.length;
        this.#progress.textContent = `Scenario ${qi} of ${queries.length}…`;
        await nextFrame();
        last = performance.now();
        if (token !== this.#token) return;
      }
      const s = { x: q.sx, y: q.sy }, g = { x: q.gx, y: q.gy };
      let astarMs = NaN;
      let optimal = q.optimal;
      for (const algo of c.algorithms) {
        if (refused.has(algo)) continue;
        let r;
        try {
          r = c.planners.run(algo, c.settings, s, g, false);
        } catch {
          continue; // a start or goal blocked by an edit
        }
        const ms = medianTime(() => c.planners.run(algo, c.settings, s, g, false), { budgetMs: 1, maxRuns: 20, warm: true });
        if (algo.kind === 'astar') {
          astarMs = ms;
          if (!Number.isFinite(optimal)) optimal = r.cost;
        }
        const t = totals.get(algo.label)!;
        t.n++;
        if (!r.found) continue;
        const subopt = suboptimality(r.cost, optimal) || 0;
        t.found++;
        t.ms += ms;
        t.expanded += r.expanded;
        t.subopt += subopt;
        t.max = Math.max(t.max, subopt);
        samples.get(algo.label)!.push({ length: optimal, ms, speedup: astarMs / ms, subopt });
      }
    }
    const astarTotal = totals.get(c.algorithms[0]!.label)!;
    const rows: BatchRow[] = c.algorithms.map((a) => {
      const t = totals.get(a.label)!;
      return {
        algo: a.label, queries: t.n, found: t.found, meanMs: t.ms / Math.max(1, t.found), speedup: astarTotal.ms / Math.max(1e-9, t.ms),
        meanExpanded: t.expanded / Math.max(1, t.found), meanSubopt: t.subopt / Math.max(1, t.found), maxSubopt: t.max,
      };
    });
    this.state.batchRows = rows;
    this.state.progress = 1;
    this.#samples = samples;
    this.#renderBatchTable(rows);
    const notes = [...refused].map(([a, why]) => ` ${a.label}: ${why}.`).join('');
    this.#progress.textContent = `${queries.length} ${scen?.length ? 'scenarios of the map’s .scen file (optimal lengths from the file)' : 'random connected pairs (optimal costs from A*)'}; times are medians of repeated runs.${notes}`;
    this.state.running = false;
    this.#drawChart();
  }

  #renderQueryTable(rows: QueryRow[]): void {
    const head = ['Algorithm', 'Build', 'Time', 'Expanded<br /><small>SG·main·refine</small>', 'Cost', 'Subopt.'];
    this.#table.innerHTML = `<thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody></tbody>`;
    const body = this.#table.tBodies[0]!;
    rows.forEach((r, i) => {
      const tr = body.insertRow();
      tr.tabIndex = 0;
      tr.title = 'Show this algorithm’s path';
      const cells = r.error
        ? [r.algo, '–', '–', '–', '–', '–']
        : [r.algo, r.buildMs ? fmtMs(r.buildMs) : '–', fmtMs(r.ms), fmtInt(r.expanded), fmtFixed(r.cost, 3), fmtPercent(r.subopt)];
      for (const v of cells) tr.insertCell().textContent = v;
      // The expansions per phase under their total, so that the table fits the panel's width.
      if (!r.error) {
        const breakdown = document.createElement('small');
        breakdown.textContent = `${fmtInt(r.sg)}·${fmtInt(r.main)}·${fmtInt(r.refine)}`;
        tr.cells[3]!.append(document.createElement('br'), breakdown);
      }
      if (r.error) {
        tr.title = r.error;
        tr.classList.add('refused');
      }
      const pick = () => this.onPick(this.#algorithms[i]!);
      tr.addEventListener('click', pick);
      tr.addEventListener('keydown', (e) => e.key === 'Enter' && pick());
    });
  }

  #renderBatchTable(rows: BatchRow[]): void {
    const head = ['Algorithm', 'Found', 'Time', 'Speedup', 'Expanded', 'Subopt.<br /><small>mean · max</small>'];
    this.#table.innerHTML = `<thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody></tbody>`;
    const body = this.#table.tBodies[0]!;
    for (const r of rows) {
      const tr = body.insertRow();
      for (const v of [r.algo, `${r.found}/${r.queries}`, fmtMs(r.meanMs), `${fmtFixed(r.speedup, 1)}×`, fmtFixed(r.meanExpanded, 0), fmtPercent(r.meanSubopt)]) {
        tr.insertCell().textContent = String(v);
      }
      // The largest suboptimality under the mean, so that the table fits the panel's width.
      const max = document.createElement('small');
      max.textContent = fmtPercent(r.maxSubopt);
      tr.cells[5]!.append(document.createElement('br'), max);
    }
  }

  #drawChart(): void {
    this.#chart?.destroy();
    this.#chart = null;
    const kind = this.#chartPicker.value as ChartKind;
    let config: ChartConfiguration;
    const yTitle = kind === 'time' ? 'time (ms, log scale)' : kind === 'speedup' ? 'speedup over A* (×, log scale)' : 'suboptimality (%)';
    let points = 0;
    // Chart.js writes a log axis's ticks with as many decimals as its smallest one ("100.000"): ours
    // are written as numbers are read.
    const logarithmic = kind !== 'subopt';
    const yAxis = {
      type: logarithmic ? ('logarithmic' as const) : ('linear' as const),
      title: { display: true, text: yTitle },
      ticks: { callback: (value: number | string) => fmtTick(Number(value), logarithmic) },
    };
    if (this.state.kind === 'query') {
      const rows = this.state.queryRows;
      const value = (r: QueryRow) => (kind === 'time' ? r.ms : kind === 'speedup' ? rows[0]!.ms / r.ms : 100 * r.subopt);
      points = rows.length;
      config = {
        type: 'bar',
        data: {
          labels: rows.map((r) => r.algo),
          datasets: [{ label: yTitle, data: rows.map(value), backgroundColor: rows.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) }],
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: { y: yAxis },
        },
      };
    } else if (this.state.kind === 'batch') {
      const datasets = this.#algorithms.map((a, i) => {
        const data = (this.#samples.get(a.label) ?? []).map((s) => ({ x: s.length, y: kind === 'time' ? s.ms : kind === 'speedup' ? s.speedup : 100 * s.subopt }));
        points += data.length;
        return {
          label: a.label,
          data: kind === 'time' || a.kind !== 'astar' ? data : [],
          backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
          borderColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
          pointStyle: SERIES_SHAPES[i % SERIES_SHAPES.length],
          pointRadius: 3,
        };
      });
      config = {
        type: 'scatter',
        data: { datasets },
        options: {
          animation: false,
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, boxWidth: 8 } } },
          scales: {
            x: { type: 'linear', title: { display: true, text: 'optimal path cost (a straight step on plain ground costs 1)' } },
            y: yAxis,
          },
        },
      };
    } else {
      this.state.chartPoints = 0;
      this.state.yTicks = [];
      return;
    }
    this.state.chartPoints = points;
    this.#chart = new Chart(this.#canvas, config);
    this.state.yTicks = this.#chart.scales['y']?.ticks.map((t) => String(t.label ?? '')).filter((label) => label !== '') ?? [];
  }

  destroy(): void {
    this.cancel();
    this.#chart?.destroy();
  }
}
