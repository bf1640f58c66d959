// Draws one step of the HAA* walkthrough on a canvas: terrain (water and trees in their colours),
// clusters, clearance numbers in the cells, entrances as bars across the borders, transitions, the
// annotated graph and the paths. Drawn when the step or the size changes, never per frame.
import { entranceSteps, graphOf, wrongCells, type HaaStep, type HaaWalkthroughData } from './haaWalkthrough';
import { drawEnd, fitMapCanvas, LEARN_COLOURS } from './learnView';
import { SvgContext, terrainRects, type DrawContext } from './svgExport';

/** A label drawn on the map: its text and its box, in CSS pixels of the canvas. */
export interface DrawnLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export class HaaView {
  #cell = 1;
  /** The inter-edges' labels of the last draw (read by the page's tests). */
  labels: DrawnLabel[] = [];
  /** The first point of each path of anchors the last draw made (CSS pixels) and its agent's size (read by the page's tests). */
  pathStarts: { x: number; y: number; size: number }[] = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly data: HaaWalkthroughData,
    private readonly terrain: HTMLCanvasElement,
  ) {}

  #centre(x: number, y: number): { x: number; y: number } {
    return { x: (x + 0.5) * this.#cell, y: (y + 0.5) * this.#cell };
  }

  /** Draws `step` in at most `side` × `side` CSS pixels; `beside`: the side figure (true clearance of the main capability). */
  draw(step: HaaStep, side: number, beside = false): void {
    const d = this.data;
    const cell = Math.max(1, Math.min(side / d.width, side / d.height));
    this.#cell = cell;
    this.labels = [];
    this.pathStarts = [];
    this.#drawLayers(fitMapCanvas(this.canvas, this.terrain, { x: 0, y: 0, width: d.width, height: d.height }, cell), step, beside);
  }

  /**
   * The figure the last {@link HaaView.draw} made, as an SVG document: the same layers over the terrain,
   * drawn as vector elements (as LearnView.svgOf does for HPA*'s figure).
   */
  svgOf(step: HaaStep, beside = false): string {
    const d = this.data, cell = this.#cell;
    const svg = new SvgContext(d.width * cell, d.height * cell);
    terrainRects(svg, this.terrain, { x: 0, y: 0, width: d.width, height: d.height }, cell);
    this.labels = [];
    this.pathStarts = [];
    this.#drawLayers(svg, step, beside);
    return svg.toString();
  }

  /** Everything over the terrain, in pixels of the current cell size. */
  #drawLayers(ctx: DrawContext, step: HaaStep, beside: boolean): void {
    const d = this.data;
    const cell = this.#cell;
    this.#clusters(ctx);
    if (beside) {
      this.#numbers(ctx, d.clearance[d.main]!);
      if (step.beside) this.#outlineWrong(ctx);
      if (step.figure5 && d.bigTrue.found) this.#path(ctx, d.bigTrue.cells, '#000000', Math.max(2, cell / 6), 2);
    } else {
      this.#drawStep(ctx, step);
    }
    // The trade-off step shows its own pair, on both figures.
    const ends = (step.gap && d.gap.worst) || d;
    this.#endpoint(ctx, ends.start.x, ends.start.y, 'start');
    this.#endpoint(ctx, ends.goal.x, ends.goal.y, 'goal');
  }

  #drawStep(ctx: DrawContext, s: HaaStep): void {
    const d = this.data;
    const cell = this.#cell;
    if (s.numbers) this.#numbers(ctx, s.numbers.kind === 'true' ? d.clearance[s.numbers.capability]! : d.brushfire);
    if (s.beside) this.#outlineWrong(ctx);
    if (s.figure5) {
      if (d.bigBrushfire.found) this.#path(ctx, d.bigBrushfire.cells, LEARN_COLOURS.refined, Math.max(2, cell / 6), 2);
      else if (d.bigTrue.found) this.#path(ctx, d.bigTrue.cells, '#000000', Math.max(2, cell / 6), 2, [6, 5]);
    }
    if (s.phase === 'entrances' && s.agent) {
      // Each border step of enough clearance: a bar on the border between its two cells.
      const c = d.crossings.crossings;
      ctx.fillStyle = LEARN_COLOURS.entrance;
      ctx.globalAlpha = 0.8;
      for (const k of entranceSteps(d, s.agent)) {
        const ax = c[4 * k]!, ay = c[4 * k + 1]!, bx = c[4 * k + 2]!;
        // Narrow enough to leave the cells' numbers readable.
        if (bx !== ax) ctx.fillRect((ax + 0.82) * cell, ay * cell + cell * 0.08, cell * 0.36, cell * 0.84);
        else ctx.fillRect(ax * cell + cell * 0.08, (ay + 0.82) * cell, cell * 0.84, cell * 0.36);
      }
      ctx.globalAlpha = 1;
    }
    if (s.transitions) {
      const t = d.crossings.transitions;
      ctx.strokeStyle = LEARN_COLOURS.interEdge;
      ctx.lineWidth = Math.max(2, cell / 8);
      ctx.fillStyle = LEARN_COLOURS.transition;
      for (let k = 0; k < t.length; k += 4) {
        const a = this.#centre(t[k]!, t[k + 1]!), b = this.#centre(t[k + 2]!, t[k + 3]!);
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
        this.#dot(ctx, t[k]!, t[k + 1]!, Math.max(2, cell / 7));
        this.#dot(ctx, t[k + 2]!, t[k + 3]!, Math.max(2, cell / 7));
      }
    }
    if (s.annotations) this.#annotations(ctx);
    if (s.highlight) this.#highlight(ctx, s.highlight);
    if (s.graph && s.agent) this.#graph(ctx, s);
    // The agent's abstract path (dashed, through the nodes' cells), then its refined path of anchors.
    const shown = s.paths.big ? d.big : s.paths.small ? d.small : null;
    if (shown?.found) this.#path(ctx, shown.abstractPath, LEARN_COLOURS.abstractNode, Math.max(2, cell / 8), 1, [8, 6], false);
    if (s.paths.small && d.small.found) this.#path(ctx, d.small.cells, LEARN_COLOURS.refined, Math.max(2, cell / 5), 1);
    if (s.paths.big && d.big.found) this.#path(ctx, d.big.cells, '#000000', Math.max(2, cell / 5), 2);
    const w = s.gap ? d.gap.worst : null;
    if (w) {
      // The hierarchy's path in the colour of its agent's query step, the optimal one dashed over it.
      this.#path(ctx, w.haaCells, d.gap.size === 1 ? LEARN_COLOURS.refined : '#000000', Math.max(3, cell / 4), d.gap.size);
      this.#path(ctx, w.optimalCells, LEARN_COLOURS.optimal, Math.max(2, cell / 8), d.gap.size, [Math.max(6, cell / 3), Math.max(4, cell / 5)], false);
    }
  }

  #clusters(ctx: DrawContext): void {
    const r = this.data.graphs[0]!.clusters;
    const cell = this.#cell;
    ctx.strokeStyle = LEARN_COLOURS.clusters;
    ctx.lineWidth = 2;
    for (let i = 0; i < r.length; i += 4) ctx.strokeRect(r[i]! * cell, r[i + 1]! * cell, (r[i + 2]! - r[i]!) * cell, (r[i + 3]! - r[i + 1]!) * cell);
  }

  /** The values in the cells (not 0), when cells are large enough to read; else shaded by value. */
  #numbers(ctx: DrawContext, values: Uint8Array): void {
    const d = this.data;
    const cell = this.#cell;
    const readable = cell >= 12;
    ctx.font = `${Math.max(8, Math.floor(cell * 0.45))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v === 0) continue;
      const x = i % d.width, y = Math.floor(i / d.width);
      if (readable) {
        ctx.fillStyle = '#1a1a1a';
        const c = this.#centre(x, y);
        ctx.fillText(String(v), c.x, c.y);
      } else {
        ctx.fillStyle = `rgba(0, 114, 178, ${Math.min(0.8, 0.12 * v)})`;
        ctx.fillRect(x * cell, y * cell, cell, cell);
      }
    }
  }

  /** Cells where Brushfire says less than true clearance, outlined. */
  #outlineWrong(ctx: DrawContext): void {
    const d = this.data;
    const cell = this.#cell;
    ctx.strokeStyle = LEARN_COLOURS.entrance;
    ctx.lineWidth = Math.max(1.5, cell / 14);
    for (const i of wrongCells(d)) ctx.strokeRect((i % d.width) * cell + 2, Math.floor(i / d.width) * cell + 2, cell - 4, cell - 4);
  }

  /**
   * Inter-edges labelled "capability/clearance": the labels of one transition (both directions of an
   * edge once) stacked on the middle of its edge and kept inside the map, so that each transition has
   * its own labels, none cut by the canvas's edge.
   */
  #annotations(ctx: DrawContext): void {
    const d = this.data;
    const g = graphOf(d, { size: 1, capability: d.main });
    const cell = this.#cell;
    const byTransition = new Map<string, { p: { x: number; y: number }; q: { x: number; y: number }; texts: string[] }>();
    const short = (c: string) => c.replace('ground', 'g').replace('water', 'w').replace('trees', 't').replace('swamp', 's');
    for (let k = 0; k < g.edgeFrom.length; k++) {
      if (!g.edgeInter[k]) continue;
      const a = Math.min(g.edgeFrom[k]!, g.edgeTo[k]!), b = Math.max(g.edgeFrom[k]!, g.edgeTo[k]!);
      const key = `${a},${b}`;
      const entry = byTransition.get(key) ?? { p: this.#centre(g.nodes[2 * a]!, g.nodes[2 * a + 1]!), q: this.#centre(g.nodes[2 * b]!, g.nodes[2 * b + 1]!), texts: [] };
      byTransition.set(key, entry);
      const text = `${short(d.capabilities[g.edgeCapability[k]!]!)}/${g.edgeClearance[k]}`;
      if (!entry.texts.includes(text)) entry.texts.push(text);
    }
    ctx.font = `${Math.max(8, Math.floor(cell * 0.22))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const lineHeight = cell * 0.26, side = { x: d.width * cell, y: d.height * cell };
    for (const { p, q, texts } of byTransition.values()) {
      const top = Math.min(Math.max(1, (p.y + q.y) / 2 - (texts.length * lineHeight) / 2), side.y - 1 - texts.length * lineHeight);
      texts.forEach((text, n) => {
        const width = ctx.measureText(text).width + 4;
        const x = Math.min(Math.max(1 + width / 2, (p.x + q.x) / 2), side.x - 1 - width / 2), y = top + (n + 0.5) * lineHeight;
        this.labels.push({ text, x: x - width / 2, y: y - lineHeight / 2, width, height: lineHeight });
        ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
        ctx.fillRect(x - width / 2, y - lineHeight / 2, width, lineHeight);
        ctx.fillStyle = LEARN_COLOURS.interEdge;
        ctx.fillText(text, x, y);
      });
    }
  }

  /**
   * Strong dominance: its example's transition boxed ("ringed" in the text). Weak: the dropped
   * inter-edge's transition in a dashed box, the one that replaces it in a solid box. Insertion: the ends' clusters outlined.
   */
  #highlight(ctx: DrawContext, which: 'strong' | 'weak' | 'insertion'): void {
    const d = this.data, a = d.abstraction, cell = this.#cell;
    ctx.strokeStyle = '#000000';
    ctx.lineWidth = Math.max(2, cell / 10);
    // A box around the transition's two cells, inside the map and apart from its neighbours'.
    const ring = (c: readonly number[], dash: number[]) => {
      ctx.setLineDash(dash);
      const x0 = Math.min(c[0]!, c[2]!), y0 = Math.min(c[1]!, c[3]!), x1 = Math.max(c[0]!, c[2]!) + 1, y1 = Math.max(c[1]!, c[3]!) + 1;
      const inset = Math.max(2, cell / 16);
      ctx.strokeRect(x0 * cell + inset, y0 * cell + inset, (x1 - x0) * cell - 2 * inset, (y1 - y0) * cell - 2 * inset);
    };
    if (which === 'strong' && a.strong) ring(a.strong.dropped.cells, []);
    if (which === 'weak' && a.weak) {
      ring(a.weak.dropped.cells, [Math.max(4, cell / 6), Math.max(3, cell / 8)]);
      ring(a.weak.by.cells, []);
    }
    if (which === 'insertion') {
      ctx.lineWidth = Math.max(3, cell / 8);
      ctx.setLineDash([Math.max(6, cell / 4), Math.max(4, cell / 6)]);
      for (const p of [d.start, d.goal]) {
        const x0 = Math.floor(p.x / d.clusterSize) * d.clusterSize, y0 = Math.floor(p.y / d.clusterSize) * d.clusterSize;
        ctx.strokeRect(x0 * cell + 3, y0 * cell + 3, Math.min(d.clusterSize, d.width - x0) * cell - 6, Math.min(d.clusterSize, d.height - y0) * cell - 6);
      }
    }
    ctx.setLineDash([]);
  }

  /** The agent's graph: every edge faint, the ones it may take bold (inter blue, intra green). */
  #graph(ctx: DrawContext, s: HaaStep): void {
    const d = this.data;
    const g = graphOf(d, s.agent!);
    const cell = this.#cell;
    for (const admitted of [0, 1]) {
      for (let k = 0; k < g.edgeFrom.length; k++) {
        if (g.edgeAdmits[k] !== admitted) continue;
        const a = g.edgeFrom[k]!, b = g.edgeTo[k]!;
        ctx.strokeStyle = g.edgeInter[k] ? LEARN_COLOURS.interEdge : LEARN_COLOURS.intraEdge;
        ctx.globalAlpha = admitted ? 1 : 0.18;
        ctx.lineWidth = admitted ? Math.max(2, cell / 9) : 1;
        const p = this.#centre(g.nodes[2 * a]!, g.nodes[2 * a + 1]!), q = this.#centre(g.nodes[2 * b]!, g.nodes[2 * b + 1]!);
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(q.x, q.y);
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
    ctx.fillStyle = LEARN_COLOURS.abstractNode;
    for (let k = 0; k < g.nodes.length; k += 2) this.#dot(ctx, g.nodes[k]!, g.nodes[k + 1]!, Math.max(2, cell / 7));
  }

  /** A path of anchors drawn through its anchor cells, with the agent's square outlined at its first and last cell (when `squares`). */
  #path(ctx: DrawContext, cells: Int32Array, colour: string, width: number, size: number, dash: number[] = [], squares = true): void {
    const cell = this.#cell;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (let k = 0; k < cells.length; k += 2) {
      // Through the centre of the anchor (top-left) cell: the cell the planner moves, as the text says;
      // the square it stands for is outlined at both ends.
      const x = (cells[k]! + 0.5) * cell, y = (cells[k + 1]! + 0.5) * cell;
      if (k === 0) this.pathStarts.push({ x, y, size });
      if (k === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    if (!squares) return;
    ctx.lineWidth = Math.max(1.5, width / 2);
    for (const k of [0, cells.length - 2]) if (k >= 0) ctx.strokeRect(cells[k]! * cell + 1, cells[k + 1]! * cell + 1, size * cell - 2, size * cell - 2);
  }

  #dot(ctx: DrawContext, x: number, y: number, r: number): void {
    const c = this.#centre(x, y);
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
    ctx.fill();
  }

  /** An end on its anchor cell's top-left corner: the agent's square grows down and right from there. */
  #endpoint(ctx: DrawContext, x: number, y: number, end: 'start' | 'goal'): void {
    const c = this.#centre(x, y);
    drawEnd(ctx, c.x - this.#cell * 0.3, c.y - this.#cell * 0.3, Math.max(4, this.#cell * 0.15), end);
  }
}
