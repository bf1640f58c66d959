// The Worlds page's teaching controls: the Hierarchy toggle (cluster boxes, level-1 edges, links between
// floors and abstract nodes of the floor on screen, with their legend and counts) and Show search (the
// phases of the clicked path's traced search, stepped with the buttons or scrubbed with the slider, one caption per phase). The trace
// is read once per path (a second run of the query, well under a frame on the sizes offered).
import type { WorldHpaPathResult } from '../../lib/index';
import type { FloorFrame } from './floorFrame';
import { HierarchyLayer, type HierarchyCounts } from './hierarchyLayer';
import { drawPhase, type PhaseDrawn } from './searchLayer';
import { phaseSteps, WORLD_PHASES, type PhaseStep } from './searchSteps';
import type { WorldSession } from './worldSession';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the teaching layers show, as the end-to-end tests read it. */
export interface TeachState {
  hierarchy: boolean;
  counts: HierarchyCounts;
  search: boolean;
  /** The phase on screen (an index into WORLD_PHASES) and its caption. */
  phase: number;
  caption: string;
  steps: { phase: string; expanded: number; pathNodes: number; caption: string }[];
  drawn: PhaseDrawn | null;
}

export class TeachPanel {
  readonly #layer = new HierarchyLayer();
  hierarchy = false;
  search = false;
  phase = 0;
  #steps: PhaseStep[] = [];
  #tracedPath: WorldHpaPathResult | null = null;
  #drawn: PhaseDrawn | null = null;

  constructor(private readonly session: WorldSession, private readonly redraw: () => void) {
    const box = $<HTMLInputElement>('world-hierarchy');
    box.addEventListener('change', () => this.setHierarchy(box.checked));
    const search = $<HTMLInputElement>('world-search');
    search.addEventListener('change', () => this.setSearch(search.checked));
    $('phase-prev').addEventListener('click', () => this.step(-1));
    $('phase-next').addEventListener('click', () => this.step(1));
    const scrub = $<HTMLInputElement>('phase-scrub');
    scrub.max = String(WORLD_PHASES.length - 1);
    scrub.addEventListener('input', () => this.setPhase(Number(scrub.value)));
  }

  setHierarchy(on: boolean): void {
    this.hierarchy = on;
    $<HTMLInputElement>('world-hierarchy').checked = on;
    this.redraw();
  }

  setSearch(on: boolean): void {
    this.search = on;
    $<HTMLInputElement>('world-search').checked = on;
    this.redraw();
  }

  step(by: number): void {
    if (!this.search) this.setSearch(true);
    this.setPhase(this.phase + by);
  }

  setPhase(index: number): void {
    this.phase = Math.max(0, Math.min(WORLD_PHASES.length - 1, index));
    this.redraw();
  }

  /** The phases of the path on screen, traced again when the path changed; none without a path. */
  #currentSteps(): PhaseStep[] {
    const { planner, start, goal, path } = this.session;
    if (!planner || !start || !goal || !path) return [];
    if (path !== this.#tracedPath) {
      this.#steps = phaseSteps(planner, start, goal, this.session.anyAngle ? path : null).steps;
      this.#tracedPath = path;
    }
    return this.#steps;
  }

  /** Drawn by the floor view over the blocks, under the path and its ends. */
  draw(ctx: CanvasRenderingContext2D, frame: FloorFrame): void {
    const planner = this.session.planner;
    if (this.hierarchy && planner) this.#layer.draw(ctx, planner, frame);
    this.#drawn = null;
    const step = this.search ? this.#currentSteps()[this.phase] : undefined;
    if (step) this.#drawn = drawPhase(ctx, step, frame);
  }

  /** The legend's counts, the controls and the caption, after a draw. */
  show(): void {
    $('hier-legend').hidden = !this.hierarchy;
    const o = this.session.planner?.options;
    if (o) $('hier-box-size').textContent = `${o.clusterSide} × ${o.clusterSide} columns, ${o.clusterLevels} floors`;
    const c = this.#layer.counts;
    const e = c.floorEdges;
    $('hier-counts').textContent = this.hierarchy
      ? c.boxes.map((b, l) => `L${l + 1}: ${c.floorBoxes[l] ?? 0} of ${b} boxes, ${c.floorNodes[l] ?? 0} of ${c.nodes[l]} nodes`).join('; ') +
        ` on this floor; L1 edges: ${e.intra + e.inter} of ${c.edges} drawn, ${e.up} links up, ${e.down} down`
      : '';
    $('search-controls').hidden = !this.search;
    $<HTMLInputElement>('phase-scrub').value = String(this.phase);
    $('phase-name').textContent = `${this.phase + 1}/${WORLD_PHASES.length} ${WORLD_PHASES[this.phase]}`;
    const caption = $('world-caption');
    caption.hidden = !this.search;
    caption.textContent = this.#caption();
  }

  #caption(): string {
    if (!this.search) return '';
    const step = this.#currentSteps()[this.phase];
    return step ? step.caption : 'Click a start and a goal: the search of their path shows here, phase by phase.';
  }

  state(): TeachState {
    const steps = this.search ? this.#currentSteps() : [];
    return {
      hierarchy: this.hierarchy,
      counts: structuredClone(this.#layer.counts),
      search: this.search,
      phase: this.phase,
      caption: this.#caption(),
      steps: steps.map((s) => ({ phase: s.phase, expanded: s.expanded, pathNodes: s.pathNodes, caption: s.caption })),
      drawn: this.#drawn && { ...this.#drawn },
    };
  }
}
