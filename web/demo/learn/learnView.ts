// Draws one step of the walkthrough on a canvas: the terrain (an image made once, scaled), then what the
// step shows. Drawn only when the step or the canvas size changes, never per animation frame, so the
// main thread's work per frame stays that of one redraw at most.
import { drawEntrances, drawInterEdges, drawIntraEdges, drawTransitions, type BuildPen, type MapNumber } from './buildView';
import { SvgContext, terrainRects, type DrawContext } from './svgExport';
import { shortSearchCells, type Step, type WalkthroughData } from './walkthrough';

/** The walkthrough's colours (Okabe-Ito, told apart by colour-blind readers), one per kind of thing. */
export const LEARN_COLOURS = {
  clusters: '#444444',
  entrance: '#D55E00', // vermillion
  transition: '#000000',
  interEdge: '#0072B2', // blue
  intraEdge: '#009E73', // bluish green
  searchClosed: 'rgba(230, 159, 0, 0.75)', // orange
  searchOpen: 'rgba(230, 159, 0, 0.3)',
  abstractNode: '#CC79A7', // reddish purple
  connection: '#56B4E9', // sky blue
  path: '#000000',
  refined: '#E69F00',
  smoothing: '#F0E442', // yellow
  // The optimal path (plain A*'s), dashed over the answer's black: blue, as A* is across the demo; the
  // step that draws it leaves out the inter-edges, the other blue thing.
  optimal: '#0072B2',
  tree: '#0072B2',
  // Plain A*'s expanded cells (blue, as A* is across the demo), and the front of its search in step.
  astarClosed: 'rgba(0, 114, 178, 0.55)',
  astarFront: 'rgba(0, 60, 110, 0.95)',
  // The ends in black and white, a disc and a square with their letter: every colour of the palette
  // already names something else (the goal was the entrances' vermillion).
  endFill: '#FFFFFF',
  endLine: '#000000',
} as const;

/** The start (a disc with S) or the goal (a square with G), `radius` CSS pixels, centred on (x, y). */
export function drawEnd(ctx: DrawContext, x: number, y: number, radius: number, end: 'start' | 'goal'): void {
  ctx.fillStyle = LEARN_COLOURS.endFill;
  ctx.strokeStyle = LEARN_COLOURS.endLine;
  ctx.lineWidth = Math.max(1.5, radius / 4);
  ctx.beginPath();
  if (end === 'start') ctx.arc(x, y, radius, 0, 2 * Math.PI);
  else ctx.rect(x - radius, y - radius, 2 * radius, 2 * radius);
  ctx.fill();
  ctx.stroke();
  if (radius < 6) return;
  ctx.fillStyle = LEARN_COLOURS.endLine;
  ctx.font = `bold ${Math.round(radius * 1.3)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(end === 'start' ? 'S' : 'G', x, y + radius * 0.05);
}

/** HAA*'s terrain kinds as the walkthrough colours them (everything else is an obstacle, dark). */
export const KIND_COLOURS: Readonly<Record<string, readonly [number, number, number]>> = {
  W: [140, 195, 235], // water
  T: [120, 190, 120], // trees
  S: [190, 170, 120], // swamp
};

/**
 * The terrain of a map as an image, one pixel per cell (walls dark, ground light); with `kinds`,
 * water, trees and swamp in their own colours (HAA*, whose agents may stand on them).
 */
export function terrainImage(terrain: Uint8Array, width: number, height: number, kinds = false): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d')!;
  const img = ctx.createImageData(width, height);
  for (let i = 0; i < width * height; i++) {
    const ch = terrain[i]!;
    const free = ch === 0x2e || ch === 0x47 || (!kinds && ch === 0x53); // . G, and S where it is ground
    const v = free ? 246 : 70;
    const [r, g, b] = (kinds && KIND_COLOURS[String.fromCharCode(ch)]) || [v, v, free ? 240 : 70];
    img.data[4 * i] = r;
    img.data[4 * i + 1] = g;
    img.data[4 * i + 2] = b;
    img.data[4 * i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return c;
}

/** A part of the map drawn: its first column and row and its size, in cells. */
export interface MapWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The cells a line through the centres of `way`'s cells (x, y each) passes over, in order (no cell twice in a row):
 * the way's own cells when each step goes to a neighbour, more where a straight line jumps across.
 * Sampled between the centres, never at a corner exactly (a diagonal step touches no third cell).
 */
export function cellsUnder(way: Int32Array): number[] {
  const cells: number[] = [];
  const add = (x: number, y: number) => {
    if (cells.length === 0 || cells[cells.length - 2] !== x || cells[cells.length - 1] !== y) cells.push(x, y);
  };
  add(way[0]!, way[1]!);
  for (let i = 2; i < way.length; i += 2) {
    const [ax, ay, bx, by] = [way[i - 2]!, way[i - 1]!, way[i]!, way[i + 1]!];
    const n = 8 * Math.max(1, Math.abs(bx - ax), Math.abs(by - ay));
    for (let j = 0; j < n; j++) {
      const t = (j + 0.5) / n;
      add(Math.round(ax + t * (bx - ax)), Math.round(ay + t * (by - ay)));
    }
    add(bx, by);
  }
  return cells;
}

/**
 * Sizes `canvas` to `area` of the map (width × height cells of `cell` CSS pixels, backed by device
 * pixels) and draws its terrain from the map's terrain image: the context to draw the rest with, in CSS
 * pixels of the whole map (shifted so that the area's corner is the canvas's).
 */
export function fitMapCanvas(canvas: HTMLCanvasElement, terrain: HTMLCanvasElement, area: MapWindow, cell: number): CanvasRenderingContext2D {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.round(cell * area.width), h = Math.round(cell * area.height);
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(terrain, area.x, area.y, area.width, area.height, 0, 0, w, h);
  ctx.translate(-area.x * cell, -area.y * cell);
  return ctx;
}

/** Below this many CSS pixels a cell, the short query's step shows only the part of the map around it. */
const ZOOM_BELOW = 8;

/** Fewest CSS pixels a cell for a tree's distances to be written in it (a number of up to 4 characters). */
export const TREE_NUMBERS_FROM = 18;

/**
 * The part of the map the step shows: all of it, but around the short query on its step when the map's
 * cells would be too small to see it (a few clusters' square, both ends inside), and DHPA*'s tree's
 * cluster alone on its steps (its numbers and arrows readable at any screen size) unless `beside` (A*'s panel).
 */
export function stepWindow(step: Step, d: WalkthroughData, cell: number, beside = false): MapWindow {
  const all = { x: 0, y: 0, width: d.width, height: d.height };
  if (step.tree && d.tree && !beside) {
    const a = d.tree.area;
    return { x: a[0]!, y: a[1]!, width: a[2]! - a[0]!, height: a[3]! - a[1]! };
  }
  if (!step.shortQuery || !d.short || cell >= ZOOM_BELOW) return all;
  const { start, goal } = d.short;
  const side = 3 * d.clusters[0]!.side + Math.max(Math.abs(goal.x - start.x), Math.abs(goal.y - start.y));
  const width = Math.min(d.width, side), height = Math.min(d.height, side);
  const clamp = (v: number, size: number, max: number) => Math.min(Math.max(0, Math.round(v - size / 2)), max - size);
  return { x: clamp((start.x + goal.x) / 2, width, d.width), y: clamp((start.y + goal.y) / 2, height, d.height), width, height };
}

export class LearnView {
  #cell = 1;
  /** The part of the map the last draw showed (a click on the canvas is a cell of it). */
  window: MapWindow = { x: 0, y: 0, width: 0, height: 0 };
  /** DHPA*'s tree: the distances the last draw wrote in its cells, row by row (none when cells were too small). */
  treeNumbers: string[] = [];
  /** Write entrances' lengths and intra-edges' costs on the map (the page's "Numbers on the map"). */
  numbers = false;
  /** The exercise's open list (cells, x, y each), ringed on an abstract search step that leaves it out; null: none. */
  openRings: Int32Array | null = null;
  /** The numbers the last draw wrote on the map (entrances' lengths, intra-edges' costs). */
  mapNumbers: MapNumber[] = [];
  /** The intra-edges' costs the last draw left out (each would have covered one written). */
  skippedCosts = 0;
  /** A higher level's step: the cells under each of its edges as drawn (x, y each; read by the page's tests). */
  levelEdgeCells: number[][] = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly data: WalkthroughData,
    private readonly terrain: HTMLCanvasElement,
  ) {}

  /** CSS pixels a cell at the last draw. */
  get cellSize(): number {
    return this.#cell;
  }

  /** The canvas's pixel position of cell (x, y)'s centre. */
  centre(x: number, y: number): { x: number; y: number } {
    return { x: (x + 0.5) * this.#cell, y: (y + 0.5) * this.#cell };
  }

  /**
   * Fits the canvas to `maxWidth` × `maxHeight` CSS pixels and draws `step`; with `astar`, plain A*'s
   * search instead, its first `astar.shown` expansions (its open list and path once it is `done`).
   */
  draw(step: Step, maxWidth: number, maxHeight: number, astar: { shown: number; done: boolean } | null = null): void {
    const d = this.data;
    const win = stepWindow(step, d, Math.min(maxWidth / d.width, maxHeight / d.height), astar !== null);
    const cell = Math.max(1, Math.min(maxWidth / win.width, maxHeight / win.height));
    this.#cell = cell;
    this.window = win;
    this.#drawLayers(fitMapCanvas(this.canvas, this.terrain, win, cell), step, astar);
  }

  /**
   * The figure the last {@link LearnView.draw} made, as an SVG document: the same layers, drawn as
   * vector elements (terrain and cells as rectangles merged per row, lines, circles, polylines).
   */
  svgOf(step: Step, astar: { shown: number; done: boolean } | null = null): string {
    const win = this.window, cell = this.#cell;
    const svg = new SvgContext(win.width * cell, win.height * cell);
    terrainRects(svg, this.terrain, win, cell);
    svg.translate(-win.x * cell, -win.y * cell);
    this.#drawLayers(svg, step, astar);
    return svg.toString();
  }

  /** Everything over the terrain, in map pixels of the current cell size. */
  #drawLayers(ctx: DrawContext, step: Step, astar: { shown: number; done: boolean } | null): void {
    const d = this.data;
    this.treeNumbers = [];
    this.mapNumbers = [];
    this.skippedCosts = 0;
    this.levelEdgeCells = [];
    // The "when A* wins" step shows its own short query, on both figures.
    const short = step.shortQuery ? d.short : null;
    // The short query's A* is shown whole: its step compares the two searches' totals.
    if (astar) this.#drawAStar(ctx, short?.astar ?? d.astar, short ? null : astar);
    else this.#drawStep(ctx, step);
    const ends = short ?? d;
    this.#endpoint(ctx, ends.start.x, ends.start.y, 'start');
    this.#endpoint(ctx, ends.goal.x, ends.goal.y, 'goal');
  }

  /** A*'s search up to `pace.shown` expansions (all of it without `pace`), the newest of them darker. */
  #drawAStar(ctx: DrawContext, traced: WalkthroughData['astar'], pace: { shown: number; done: boolean } | null): void {
    const a = traced.searches[0];
    const total = a ? a.closed.length / 2 : 0;
    const shown = pace ? Math.min(pace.shown, total) : total;
    const done = !pace || pace.done;
    if (a) {
      if (done) this.#cells(ctx, a.open, a.open.length / 2, LEARN_COLOURS.searchOpen);
      this.#cells(ctx, a.closed, shown, LEARN_COLOURS.astarClosed);
      // The front of a search still under way: the last few cells it took, so that its growth is seen.
      if (!done && shown > 0) this.#cellRange(ctx, a.closed, Math.max(0, shown - Math.max(1, Math.ceil(total / 60))), shown, LEARN_COLOURS.astarFront);
    }
    if (done) this.#polyline(ctx, traced.path.cells, traced.path.cells.length / 2 - 1, LEARN_COLOURS.path, 2);
  }

  /**
   * The short query's HPA* work: under the build's lines, the cells its insertion and refinement searches
   * expanded; over them, the abstract search's nodes and the path.
   */
  #drawShortQuery(ctx: DrawContext, layer: 'under' | 'over'): void {
    const q = this.data.short!;
    if (layer === 'under') {
      const cells = shortSearchCells(q);
      this.#cells(ctx, cells, cells.length / 2, LEARN_COLOURS.searchClosed);
      return;
    }
    ctx.fillStyle = LEARN_COLOURS.abstractNode;
    for (const s of q.hpa.searches.filter((x) => x.phase === 'abstract'))
      for (let k = 0; k < s.closed.length; k += 2) this.#dot(ctx, s.closed[k]!, s.closed[k + 1]!, Math.max(3, this.#cell / 2));
    this.#polyline(ctx, q.hpa.path.cells, q.hpa.path.cells.length / 2 - 1, LEARN_COLOURS.path, Math.max(2, this.#cell / 3));
  }

  /**
   * The refined path up to cell `to`: orange on a white casing, wider than the answer drawn over it, so
   * that on a big map (cells of a pixel or two) it stands out from the edges and searches under it and
   * still shows on both sides of the black path and the blue dashes.
   */
  #refinedPath(ctx: DrawContext, to: number): void {
    const w = Math.max(2, this.#cell / 3);
    const cells = this.data.traced.refined;
    this.#polyline(ctx, cells, to, '#FFFFFF', w + 6);
    this.#polyline(ctx, cells, to, LEARN_COLOURS.refined, w + 4);
  }

  #drawStep(ctx: DrawContext, s: Step): void {
    const d = this.data;
    const cell = this.#cell;
    // The opening step: plain A*'s whole search, under the clusters HPA* will cut the map into.
    if (s.astarSearch) this.#drawAStar(ctx, d.astar, null);
    // Searches under everything else.
    if (!s.abstractSearch) {
      if (s.open) this.#cells(ctx, s.open.cells, s.open.count, LEARN_COLOURS.searchOpen);
      if (s.closed) this.#cells(ctx, s.closed.cells, s.closed.count, LEARN_COLOURS.searchClosed);
    }
    if (s.shortQuery && d.short) this.#drawShortQuery(ctx, 'under');
    // One level at a time: on a higher level's step, everything of level 1 is faded under its clusters.
    const upper = s.phase === 'levels' && s.level > 1;
    this.#clusterBorders(ctx, 1, 1);
    if (s.buildingCluster >= 0) {
      const r = d.clusters[0]!.rects;
      ctx.strokeStyle = LEARN_COLOURS.intraEdge;
      ctx.lineWidth = 3;
      for (let i = 4 * s.buildingFirst; i <= 4 * s.buildingCluster; i += 4) ctx.strokeRect(r[i]! * cell, r[i + 1]! * cell, (r[i + 2]! - r[i]!) * cell, (r[i + 3]! - r[i + 1]!) * cell);
    }
    // A tree's steps leave out the build's bars and edges: they would hide its numbers and arrows.
    // The abstract search's steps fade the build too: its nodes and open list are what is to be seen.
    if (!(s.tree && d.tree !== null)) this.#drawBuild(ctx, s, upper ? 0.25 : s.abstractSearch ? 0.35 : 1);
    for (let l = 2; l <= s.clusterLevels; l++) this.#clusterBorders(ctx, l, upper ? 4 : 3);
    if (s.phase === 'levels' && s.level > 1) {
      const g = d.graphs[s.level - 1]!;
      for (let k = 0; k < g.edgeFrom.length; k++) {
        const from = g.edgeFrom[k]!, to = g.edgeTo[k]!;
        // Along the cells of its way (its level-1 route); straight when the way is not known.
        const way = d.upperPaths?.[s.level - 2]?.[k] ?? Int32Array.of(g.nodes[2 * from]!, g.nodes[2 * from + 1]!, g.nodes[2 * to]!, g.nodes[2 * to + 1]!);
        this.#polyline(ctx, way, way.length / 2 - 1, '#000000', Math.max(1, cell / 6), [4, 3]);
        this.levelEdgeCells.push(cellsUnder(way));
      }
      ctx.fillStyle = LEARN_COLOURS.abstractNode;
      for (let k = 0; k < g.nodes.length; k += 2) this.#dot(ctx, g.nodes[k]!, g.nodes[k + 1]!, Math.max(2, cell / 2.5));
    }
    if (s.tree && d.tree) this.#tree(ctx);
    if (s.connections) this.#connections(ctx);
    if (s.abstractSearch) {
      const rings = s.open ? null : this.openRings;
      // The exercise's open list: rings on a white casing, larger than the dots, to be clicked.
      for (const [colour, width] of rings ? ([['#FFFFFF', 5], [LEARN_COLOURS.abstractNode, 2.5]] as const) : []) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = width;
        for (let k = 0; k < rings!.length; k += 2) this.#ring(ctx, rings![k]!, rings![k + 1]!, Math.max(5, cell * 0.6));
      }
      if (s.open) {
        ctx.strokeStyle = LEARN_COLOURS.abstractNode;
        ctx.lineWidth = 2;
        for (let k = 0; k < s.open.count; k++) this.#ring(ctx, s.open.cells[2 * k]!, s.open.cells[2 * k + 1]!, Math.max(3, cell / 2));
      }
      if (s.closed) {
        ctx.fillStyle = LEARN_COLOURS.abstractNode;
        for (let k = 0; k < s.closed.count; k++) this.#dot(ctx, s.closed.cells[2 * k]!, s.closed.cells[2 * k + 1]!, Math.max(3, cell / 2));
      }
    }
    const t = d.traced;
    if (s.abstractPath && t.path.found) {
      // The abstract path: the nodes the refined path passes, in order (the path's own node cells).
      const nodes = abstractPathCells(d);
      this.#polyline(ctx, nodes, nodes.length / 2 - 1, LEARN_COLOURS.abstractNode, Math.max(2, cell / 3), [8, 5]);
    }
    if (s.refinedTo >= 0) this.#refinedPath(ctx, s.refinedTo);
    for (let k = 0; k < s.smoothing; k++) {
      const r = t.smoothing[k]!;
      this.#polyline(ctx, r.line, r.line.length / 2 - 1, k === s.smoothing - 1 ? '#000000' : LEARN_COLOURS.smoothing, Math.max(2, cell / 3));
    }
    if (s.finalPath) this.#polyline(ctx, t.path.cells, t.path.cells.length / 2 - 1, LEARN_COLOURS.path, Math.max(2, cell / 3));
    if (s.optimalPath) {
      const o = d.astar.path.cells;
      this.#polyline(ctx, o, o.length / 2 - 1, LEARN_COLOURS.optimal, Math.max(2, cell / 3), [Math.max(6, 2 * cell), Math.max(4, cell)]);
      // The transitions the answer had to pass through: where it may part from the optimal path.
      const nodes = abstractPathCells(d);
      ctx.fillStyle = LEARN_COLOURS.abstractNode;
      for (let k = 2; k < nodes.length - 2; k += 2) this.#dot(ctx, nodes[k]!, nodes[k + 1]!, Math.max(2.5, cell / 2.5));
    }
    if (s.shortQuery && d.short) this.#drawShortQuery(ctx, 'over');
    // Over the search's nodes, so that the outline and the ring are not hidden by them.
    if (s.termination && d.termination) this.#termination(ctx);
  }

  /** The cluster borders of level `l`: thin and solid at level 1, thick and dashed above. */
  #clusterBorders(ctx: DrawContext, l: number, width: number): void {
    const c = this.data.clusters[l - 1]!, cell = this.#cell;
    ctx.strokeStyle = l === 1 ? LEARN_COLOURS.clusters : '#000000';
    ctx.lineWidth = width;
    ctx.setLineDash(l === 1 ? [] : [6, 4]);
    for (let i = 0; i < c.rects.length; i += 4)
      ctx.strokeRect(c.rects[i]! * cell, c.rects[i + 1]! * cell, (c.rects[i + 2]! - c.rects[i]!) * cell, (c.rects[i + 3]! - c.rects[i + 1]!) * cell);
    ctx.setLineDash([]);
  }

  /**
   * The level-1 build as far as step `s` has come (buildView.ts), at `alpha` (faded under a higher
   * level): entrances, intra-edges along their ways, the node dots, and the inter-edges over the dots.
   */
  #drawBuild(ctx: DrawContext, s: Step, alpha: number): void {
    const d = this.data;
    const pen: BuildPen = { ctx, cell: this.#cell, numbers: this.numbers && alpha === 1, written: this.mapNumbers };
    // Each kind's numbers on its own steps only: elsewhere they would cover the step's own idea.
    const entranceSteps = s.phase === 'entrances' || s.phase === 'transitions' || s.phase === 'inter-edges';
    // On the intra-edges' steps the earlier ideas step back (entrances, inter-edges faded, under the new edges);
    // once transitions are drawn the bars step back too: the dots on them are the phase's idea.
    const intraSteps = s.phase === 'intra-edges';
    drawEntrances({ ...pen, numbers: pen.numbers && entranceSteps }, d, s.entrances, alpha * (intraSteps ? 0.25 : s.transitions ? 0.45 : 0.9));
    if (s.interEdges && intraSteps) {
      ctx.globalAlpha = alpha * 0.35;
      drawInterEdges(pen, d, LEARN_COLOURS.interEdge);
    }
    ctx.globalAlpha = alpha;
    if (s.intraClusters > 0) this.skippedCosts = drawIntraEdges({ ...pen, numbers: pen.numbers && intraSteps }, d, s.intraClusters, LEARN_COLOURS.intraEdge);
    if (s.transitions) drawTransitions(pen, d);
    if (s.interEdges && !intraSteps) drawInterEdges(pen, d, LEARN_COLOURS.interEdge);
    ctx.globalAlpha = 1;
  }


  /** DHPA*'s tree of one node: an arrow per cell towards its next step, and its distance when cells are large enough. */
  #tree(ctx: DrawContext): void {
    const t = this.data.tree!;
    const cell = this.#cell;
    const [x0, y0, x1] = [t.area[0]!, t.area[1]!, t.area[2]!];
    const w = x1 - x0;
    const dx = [0, 1, 1, 1, 0, -1, -1, -1], dy = [-1, -1, 0, 1, 1, 1, 0, -1];
    ctx.strokeStyle = LEARN_COLOURS.tree;
    ctx.fillStyle = LEARN_COLOURS.tree;
    ctx.lineWidth = Math.max(1, cell / 12);
    ctx.font = `${Math.max(6, Math.floor(cell / 3.2))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    // With its number, a cell's arrow sits in its upper half and the number in its lower half, apart.
    const numbers = cell >= TREE_NUMBERS_FROM;
    ctx.textBaseline = 'middle';
    for (let i = 0; i < t.distance.length; i++) {
      const dir = t.direction[i]!;
      const x = x0 + (i % w), y = y0 + Math.floor(i / w);
      const c = this.centre(x, y);
      if (dir >= 0) {
        const len = cell * (numbers ? 0.2 : 0.38);
        const ax = c.x, ay = numbers ? c.y - cell * 0.2 : c.y;
        const ex = ax + dx[dir]! * len, ey = ay + dy[dir]! * len;
        ctx.beginPath();
        ctx.moveTo(ax - dx[dir]! * len * (numbers ? 1 : 0.3), ay - dy[dir]! * len * (numbers ? 1 : 0.3));
        ctx.lineTo(ex, ey);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(ex, ey, Math.max(1, cell / 14), 0, 2 * Math.PI);
        ctx.fill();
      }
      if (t.distance[i]! >= 0 && numbers) {
        const label = t.distance[i]!.toFixed(1);
        ctx.fillText(label, c.x, c.y + cell * 0.24);
        this.treeNumbers.push(label);
      }
    }
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = LEARN_COLOURS.abstractNode;
    this.#dot(ctx, t.node.x, t.node.y, Math.max(3, cell / 2));
  }

  /** DHPA*'s termination: the goal's cluster outlined, the node the paper's search stops at ringed twice. */
  #termination(ctx: DrawContext): void {
    const t = this.data.termination!;
    const cell = this.#cell;
    const [x0, y0, x1, y1] = t.goalCluster;
    // Black on a white casing, dashed: nothing else on the map is drawn so.
    for (const [colour, width] of [['#FFFFFF', Math.max(5, cell / 2.5)], [LEARN_COLOURS.path, Math.max(3, cell / 5)]] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.setLineDash(colour === '#FFFFFF' ? [] : [8, 5]);
      ctx.strokeRect(x0 * cell, y0 * cell, (x1 - x0) * cell, (y1 - y0) * cell);
    }
    ctx.setLineDash([]);
    if (!t.paperStop) return;
    for (const [colour, width] of [['#FFFFFF', Math.max(6, cell / 2.5)], [LEARN_COLOURS.path, Math.max(3, cell / 5)]] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      this.#ring(ctx, t.paperStop.x, t.paperStop.y, Math.max(9, cell * 1.5));
    }
  }

  #connections(ctx: DrawContext): void {
    // Start's and goal's edges into level 1: dotted lines to the nodes they reach.
    const d = this.data;
    ctx.strokeStyle = LEARN_COLOURS.connection;
    ctx.lineWidth = Math.max(1.5, this.#cell / 5);
    ctx.setLineDash([3, 3]);
    for (const [from, nodes] of [
      [d.start, d.connectionNodes.start],
      [d.goal, d.connectionNodes.goal],
    ] as const) {
      for (let k = 0; k < nodes.length; k += 2) {
        const a = this.centre(from.x, from.y), b = this.centre(nodes[k]!, nodes[k + 1]!);
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
    }
    ctx.setLineDash([]);
  }

  #cells(ctx: DrawContext, cells: Int32Array, count: number, colour: string): void {
    this.#cellRange(ctx, cells, 0, count, colour);
  }

  /** Cells `from` to `to` (excluded) of `cells`, filled. */
  #cellRange(ctx: DrawContext, cells: Int32Array, from: number, to: number, colour: string): void {
    const cell = this.#cell;
    ctx.fillStyle = colour;
    for (let k = from; k < to; k++) ctx.fillRect(cells[2 * k]! * cell, cells[2 * k + 1]! * cell, Math.max(1, cell), Math.max(1, cell));
  }

  #dot(ctx: DrawContext, x: number, y: number, r: number): void {
    const c = this.centre(x, y);
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
    ctx.fill();
  }

  #ring(ctx: DrawContext, x: number, y: number, r: number): void {
    const c = this.centre(x, y);
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
    ctx.stroke();
  }

  #endpoint(ctx: DrawContext, x: number, y: number, end: 'start' | 'goal'): void {
    const c = this.centre(x, y);
    drawEnd(ctx, c.x, c.y, Math.max(4, this.#cell * 0.7), end);
  }

  /** A polyline through the first `segments` + 1 cells of `cells`. */
  #polyline(ctx: DrawContext, cells: Int32Array, segments: number, colour: string, width: number, dash: number[] = []): void {
    if (segments < 1) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (let k = 0; k <= segments; k++) {
      const c = this.centre(cells[2 * k]!, cells[2 * k + 1]!);
      if (k === 0) ctx.moveTo(c.x, c.y);
      else ctx.lineTo(c.x, c.y);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** The cells of the abstract path: the refined path's cells at the ends of its segments, start first. */
export function abstractPathCells(d: WalkthroughData): Int32Array {
  const t = d.traced;
  const out = new Int32Array(2 * (t.segmentEnds.length + 1));
  out[0] = d.start.x;
  out[1] = d.start.y;
  t.segmentEnds.forEach((end, k) => {
    out[2 * k + 2] = t.refined[2 * end]!;
    out[2 * k + 3] = t.refined[2 * end + 1]!;
  });
  return out;
}
