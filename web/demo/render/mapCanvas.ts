// One frame of the map, on two stacked canvases. The map's own canvas holds the terrain image scaled,
// the overlays (only their visible part) and the path: it is drawn again only when one of them or the
// view changes. The canvas on top holds what moves every frame: the crowd, the flashes of rebuilt
// clusters, the rectangle being dragged and the brush. A walking crowd then costs the browser the
// raster of its agents alone, not of the whole map each frame.
import type { Elements } from '../page';
import type { AppState } from '../state';
import type { OverlayData } from './overlayData';
import { drawAbstractPath, drawClearanceValues, drawClusterBorders, drawConnections, drawEnds, drawFootprints, drawReached, drawGraph, drawPath, drawTransitions } from './overlays';
import { PALETTE } from './palette';
import type { Panels } from './panels';

export class MapCanvas {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D;
  readonly #top: HTMLCanvasElement;
  readonly #topCtx: CanvasRenderingContext2D;

  constructor(private readonly state: AppState, elements: Elements, private readonly data: OverlayData, private readonly panels: Panels) {
    this.#canvas = elements.canvas;
    this.#ctx = elements.ctx;
    this.#top = elements.topCanvas;
    this.#topCtx = elements.topCtx;
  }

  /**
   * Draws the frame: the map's canvas when `map` is true (or the canvas changed size), the top canvas
   * always. True when part of the map is stale and another frame should draw it again soon.
   */
  draw(map: boolean): boolean {
    const { view } = this.state;
    const resized = view.resize();
    if (this.#top.width !== this.#canvas.width || this.#top.height !== this.#canvas.height) {
      this.#top.width = this.#canvas.width;
      this.#top.height = this.#canvas.height;
    }
    const again = map || resized ? this.#drawMap() : false;
    this.#drawTop();
    return again;
  }

  #drawMap(): boolean {
    const s = this.state;
    const { view, shown } = s;
    const ctx = this.#ctx;
    const on = (id: string) => this.data.on(id);
    let again = false;
    s.demo.mapDraws++;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = PALETTE.background;
    ctx.fillRect(0, 0, this.#canvas.width, this.#canvas.height);
    if (!shown) return again;
    view.applyTransform(ctx);
    // Enlarged: crisp cells. Reduced (big maps): averaged, or the picture shimmers with moiré.
    ctx.imageSmoothingEnabled = view.scale < 1;
    ctx.imageSmoothingQuality = 'medium';
    ctx.drawImage(shown.image.canvas, 0, 0);
    ctx.imageSmoothingEnabled = false;
    const wasHidden = s.graphHidden;
    s.graphHidden = false;
    if (on('components')) {
      const { image, stale } = this.data.components();
      again = stale;
      if (image) {
        ctx.globalAlpha = 0.45;
        ctx.drawImage(image, 0, 0);
        ctx.globalAlpha = 1;
      }
    }
    const vis = view.visibleCells();
    const clearance = this.data.clearance();
    if (clearance) {
      ctx.drawImage(clearance.image, 0, 0);
      drawClearanceValues(ctx, view, clearance.maps, shown.width, vis);
    }
    if (on('sclusters')) {
      const image = this.data.shpaClusters();
      if (image) ctx.drawImage(image, 0, 0);
    }
    if (this.data.planner()) {
      const borders = [1, 2, 3].filter((l) => on(`b${l}`)).map((l) => this.data.clusters(l));
      drawClusterBorders(ctx, view, borders.filter((c) => c !== null), vis);
      // Upper levels first: the level-1 graph, the densest, on top.
      for (const level of [3, 2, 1]) {
        if (!on(level === 1 ? 'graph' : `graph${level}`)) continue;
        const lg = this.data.graph(level);
        const clusters = this.data.clusters(level);
        if (lg && clusters && !drawGraph(ctx, view, clusters, lg, vis)) s.graphHidden = true;
      }
      const level1 = on('graph') || on('nodes') ? this.data.graph(1) : null;
      if (level1 && on('graph') && !s.graphHidden && s.mode !== 'crowd') {
        const joined = this.data.connections()?.levels[0];
        if (joined && s.start) drawConnections(ctx, view, s.start, joined.start.nodes, PALETTE.start);
        if (joined && s.goal) drawConnections(ctx, view, s.goal, s.start ? joined.goal.nodes : joined.start.nodes, PALETTE.goal);
      }
      if (level1 && on('nodes')) drawTransitions(ctx, view, level1, vis, shown.width, shown.height);
    }
    // The query's searches over the hierarchy's overlays: they are what the query did, the hierarchy
    // the stage it did it on (under them, the transitions would hide the abstract search's nodes).
    const phases = this.data.phases();
    if (phases.size) {
      this.data.trace();
      s.searchSets.draw(ctx, view, phases, vis);
    }
    if (s.mode !== 'crowd') {
      const { reference, outcome } = s;
      if (reference?.found && on('reference')) drawPath(ctx, view, reference.cells, { colour: PALETTE.reference, width: 2, dash: [2, 3] });
      if (outcome?.found) {
        // The found path wide, the unsmoothed one narrower on top: where they agree, orange inside blue.
        if (on('path') && outcome.algo.kind === 'haa') drawFootprints(ctx, outcome.cells, s.settings.agentSize);
        if (on('path')) drawPath(ctx, view, outcome.cells, { colour: PALETTE.path, width: 5, minCells: 0.3 });
        if (outcome.unsmoothed && on('refined')) drawPath(ctx, view, outcome.unsmoothed, { colour: PALETTE.refined, width: 2, minCells: 0.1 });
        if (outcome.waypoints && on('abstract')) drawAbstractPath(ctx, view, outcome.waypoints);
      }
      drawEnds(ctx, view, s.start, s.goal);
      if (outcome?.reached) drawReached(ctx, view, outcome.reached);
    }
    if (s.graphHidden !== wasHidden) this.panels.showHud();
    return again;
  }

  #drawTop(): void {
    const s = this.state;
    const { view, shown } = s;
    const ctx = this.#topCtx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.#top.width, this.#top.height);
    if (!shown) return;
    view.applyTransform(ctx);
    ctx.imageSmoothingEnabled = false;
    s.crowd?.draw(ctx, view);
    s.flashes.draw(ctx, view);
    const px = view.dpr / view.scale;
    const { rectDrag, hover, tool } = s;
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
      const r = tool === 'brush' || tool === 'eraser' ? s.brushSize - 1 : 0;
      const size = Math.max(1, 3 * px);
      ctx.lineWidth = 1.5 * px;
      ctx.strokeStyle = tool === 'path' ? '#000' : PALETTE.brush;
      if (r === 0) ctx.strokeRect(hover.x + 0.5 - size / 2, hover.y + 0.5 - size / 2, size, size);
      else ctx.strokeRect(hover.x - r, hover.y - r, 2 * r + 1, 2 * r + 1);
    }
  }
}
