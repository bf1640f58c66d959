// The "Predict the next node" exercise's panel on the Learn page: on the abstract search's steps, when
// ticked, a click on the map is the student's guess of the node A* expands next. The verdict says why
// (f = g + h against the open list, predict.ts), the score is kept, then the walkthrough steps on.
import type { Point } from '../../lib/index';
import { judge, openListAt, searchGraph, type OpenNode, type SearchGraph } from './predict';
import type { Step, WalkthroughData } from './walkthrough';

/** What the exercise reports to the page's tests. */
export interface PredictState {
  on: boolean;
  /** Whether the step shown asks for a guess (abstract search, a node still to expand). */
  asking: boolean;
  right: number;
  tried: number;
  /** The node A* expands next, and the open list at this step (lowest f first). */
  next: Point | null;
  open: OpenNode[];
  verdict: { right: boolean; text: string } | null;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class PredictPanel {
  readonly state: PredictState = { on: false, asking: false, right: 0, tried: 0, next: null, open: [], verdict: null };
  #graph: SearchGraph | null = null;
  #closed: Int32Array | null = null;

  /** Wires the panel's box; `changed` redraws the step (the prompt shows or goes). */
  constructor(private readonly changed: () => void) {
    const box = byId<HTMLInputElement>('learn-predict');
    box.addEventListener('change', () => {
      this.state.on = box.checked;
      this.changed();
    });
  }

  /** A new walkthrough: the abstract search's graph and its order of expansion (the score stays). */
  load(d: WalkthroughData): void {
    const abstract = d.traced.searches.find((s) => s.phase === 'abstract');
    this.#closed = abstract ? abstract.closed : null;
    this.#graph = abstract ? searchGraph(d.graphs[d.levels - 1]!, d.topJoins, d.start, d.goal) : null;
  }

  /** The step shown: whether it asks for a guess, and the prompt (or the last verdict) under the text. */
  show(s: Step): void {
    const st = this.state;
    const k = s.phase === 'abstract' && s.closed ? s.closed.count : -1;
    const n = this.#closed ? this.#closed.length / 2 : 0;
    st.asking = st.on && this.#graph !== null && k > 0 && k < n;
    st.next = st.asking ? { x: this.#closed![2 * k]!, y: this.#closed![2 * k + 1]! } : null;
    st.open = st.asking ? openListAt(this.#graph!, this.#closed!, k) : [];
    byId('learn-predict-panel').hidden = !(s.phase === 'abstract' || s.phase === 'termination');
    byId('learn-predict-prompt').textContent = st.asking
      ? `Your turn: click the node (hollow ring) you think A* expands next. ${st.open.length} nodes are on the open list.`
      : st.on && s.phase === 'abstract'
        ? 'The search has expanded its last node: nothing left to predict.'
        : '';
    byId('learn-predict-score').textContent = `Score: ${st.right} of ${st.tried}`;
    // Under the map too, where a phone's student is looking when they click: the last verdict and the score.
    const flash = byId('learn-predict-flash');
    flash.textContent = st.on && s.phase === 'abstract' ? `${st.verdict ? (st.verdict.right ? 'Right' : 'Wrong') + ' · ' : ''}Score: ${st.right} of ${st.tried}${st.asking ? ' · click the next node' : ''}` : '';
    flash.className = st.verdict ? (st.verdict.right ? 'right' : 'wrong') : '';
  }

  /** Judges a click on `cell` (the nearest open or graph node within `reach` cells), records it, shows the verdict. */
  answer(cell: Point, reach: number): void {
    const st = this.state;
    if (!st.asking || !st.next || !this.#graph) return;
    const guess = nearestNode(this.#graph.cells, cell, reach);
    const v = judge(st.open, st.next, guess);
    st.tried++;
    if (v.right) st.right++;
    st.verdict = v;
    const out = byId('learn-predict-verdict');
    out.textContent = v.text;
    out.className = v.right ? 'right' : 'wrong';
  }
}

/** The node of `cells` (x, y each) nearest `p`, if within `reach` cells (a click near a dot counts). */
export function nearestNode(cells: Int32Array, p: Point, reach: number): Point | null {
  let best: Point | null = null, bestD = reach * reach;
  for (let i = 0; i < cells.length; i += 2) {
    const dx = cells[i]! - p.x, dy = cells[i + 1]! - p.y;
    if (dx * dx + dy * dy <= bestD) {
      bestD = dx * dx + dy * dy;
      best = { x: cells[i]!, y: cells[i + 1]! };
    }
  }
  return best;
}
