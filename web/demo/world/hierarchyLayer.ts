// The world planner's hierarchy as the Worlds page draws it: the cluster boxes of levels 1 and 2 that
// hold the floor on screen (their borders; level 2 fainter and dashed), the level-1 graph's edges on that
// floor and its links to the floors above and below (edgeLayer.ts), and the abstract nodes standing on
// that floor (dots; nodes of level 2 larger and ringed). Read from the planner with clusterBoxes,
// abstractGraph and hierarchyNodes of hpastar/inspect, once per build or change of the hierarchy.
import { abstractGraph, clusterBoxes, hierarchyNodes, type WorldHierarchyNodes } from '../../lib/inspect';
import type { WorldHPAStar } from '../../lib/index';
import { OKABE_ITO } from '../render/palette';
import { drawFloorEdges, floorEdges, type EdgesDrawn, type FloorEdges } from './edgeLayer';
import type { FloorFrame } from './floorFrame';


/** What the layer read and what its last draw put on the floor on screen. */
export interface HierarchyCounts {
  /** Boxes per abstraction level (index 0 is level 1), as read from the planner. */
  boxes: number[];
  /** Nodes of each level or higher (index 0 is level 1), as read from the planner. */
  nodes: number[];
  /** Of those, on the floor of the last draw: boxes holding it per level, nodes standing on it per level. */
  floorBoxes: number[];
  floorNodes: number[];
  /** Undirected edges of the level-1 graph, as read from the planner. */
  edges: number;
  /** Of those, drawn on the floor of the last draw: lines, and the links' triangles (up and down). */
  floorEdges: EdgesDrawn;
}

/** Box borders black (level 2 fainter, dashed); nodes black dots, those of level 2 larger, yellow ringed black. */
export const HIERARCHY_COLOURS = { box1: OKABE_ITO.black, box2: OKABE_ITO.black, node1: OKABE_ITO.black, node2: OKABE_ITO.yellow } as const;

export class HierarchyLayer {
  #planner: WorldHPAStar | null = null;
  #version = -1;
  #boxes: Int32Array[] = [];
  #nodes: WorldHierarchyNodes = { cells: new Int32Array(0), levels: new Uint8Array(0) };
  #edges: FloorEdges[] = [];
  counts: HierarchyCounts = { boxes: [], nodes: [], floorBoxes: [], floorNodes: [], edges: 0, floorEdges: { intra: 0, inter: 0, up: 0, down: 0 } };

  /** Reads the planner's boxes and nodes again when it is another planner or its hierarchy changed. */
  #read(planner: WorldHPAStar): void {
    if (planner === this.#planner && planner.version === this.#version) return;
    this.#planner = planner;
    this.#version = planner.version;
    const levels = planner.options.levels;
    this.#boxes = Array.from({ length: levels }, (_, l) => clusterBoxes(planner, l + 1));
    this.#nodes = hierarchyNodes(planner);
    const graph = abstractGraph(planner, 1);
    this.#edges = floorEdges(graph);
    this.counts.edges = graph.edgeFrom.length;
    const nodeLevels = Array.from(this.#nodes.levels);
    this.counts.boxes = this.#boxes.map((b) => b.length / 6);
    this.counts.nodes = this.#boxes.map((_, l) => nodeLevels.filter((v) => v >= l + 1).length);
  }

  draw(ctx: CanvasRenderingContext2D, planner: WorldHPAStar, f: FloorFrame): void {
    this.#read(planner);
    this.counts.floorBoxes = this.#boxes.map((boxes, l) => this.#drawBoxes(ctx, boxes, l + 1, f));
    this.counts.floorEdges = drawFloorEdges(ctx, this.#edges, f);
    this.counts.floorNodes = this.#drawNodes(ctx, f);
  }

  // The borders of the boxes of one level that hold floor f.floor; returns how many there are.
  #drawBoxes(ctx: CanvasRenderingContext2D, boxes: Int32Array, level: number, f: FloorFrame): number {
    const c = f.cell;
    let count = 0;
    ctx.beginPath();
    for (let i = 0; i < boxes.length; i += 6) {
      const [x0, y0, z0, x1, y1, z1] = boxes.subarray(i, i + 6) as unknown as [number, number, number, number, number, number];
      if (f.floor < z0 || f.floor >= z1) continue;
      count++;
      ctx.rect(f.ox + x0 * c, f.oy + y0 * c, (x1 - x0) * c, (y1 - y0) * c);
    }
    ctx.globalAlpha = level === 1 ? 0.7 : 0.4;
    ctx.strokeStyle = level === 1 ? HIERARCHY_COLOURS.box1 : HIERARCHY_COLOURS.box2;
    ctx.lineWidth = level === 1 ? Math.max(1, c * 0.12) : Math.max(2, c * 0.3);
    ctx.setLineDash(level === 1 ? [] : [c * 1.5, c]);
    if (level <= 2) ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    return count;
  }

  // A dot per node standing on the floor (level 2 or higher: larger, ringed); returns the counts per level.
  #drawNodes(ctx: CanvasRenderingContext2D, f: FloorFrame): number[] {
    const { cells, levels } = this.#nodes;
    const c = f.cell;
    const counts = this.#boxes.map(() => 0);
    for (const top of [1, 2]) {
      ctx.beginPath();
      const r = Math.max(top === 1 ? 1.5 : 2.5, c * (top === 1 ? 0.3 : 0.45));
      for (let i = 0; i < levels.length; i++) {
        if (cells[3 * i + 2] !== f.floor || Math.min(levels[i]!, 2) !== top) continue;
        for (let l = 0; l < levels[i]!; l++) counts[l]!++;
        const x = f.ox + (cells[3 * i]! + 0.5) * c, y = f.oy + (cells[3 * i + 1]! + 0.5) * c;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = top === 1 ? HIERARCHY_COLOURS.node1 : HIERARCHY_COLOURS.node2;
      ctx.fill();
      ctx.strokeStyle = top === 1 ? '#fff' : '#000';
      ctx.lineWidth = top === 1 ? 1 : 1.5;
      ctx.stroke();
    }
    return counts;
  }
}
