// The edges of a world hierarchy's level-1 graph as the Worlds page draws them on a floor: the intra-
// and inter-edges whose two ends stand on that floor as lines, and each vertical link (a climb, stair or
// ladder across a box's top or bottom) as a triangle at its end on the floor, pointing to the other
// floor. Sorted by floor once per change of the hierarchy, so a frame only strokes its floor's lists.
import { EDGE_KINDS, type WorldAbstractGraph } from '../../lib/inspect';
import { OKABE_ITO } from '../render/palette';
import type { FloorFrame } from './floorFrame';

/** Intra-edges sky blue and thin, inter-edges vermillion, vertical links white triangles ringed black. */
export const EDGE_COLOURS = { intra: OKABE_ITO.skyBlue, inter: OKABE_ITO.vermillion, link: '#ffffff' } as const;

/** One floor's draw lists, in cells: segments x0, y0, x1, y1 per edge; links x, y, direction (+1 up, -1 down). */
export interface FloorEdges {
  intra: number[];
  inter: number[];
  links: number[];
}

/** What the last draw put on its floor. */
export interface EdgesDrawn {
  intra: number;
  inter: number;
  up: number;
  down: number;
}

/**
 * Each floor's edges of `graph`, up to the highest floor a node stands on. An intra-edge whose ends stand on two floors is a
 * path through the box, not a line on either floor: left out, as a link marks only a single move.
 */
export function floorEdges(graph: WorldAbstractGraph): FloorEdges[] {
  const { nodes, edgeFrom, edgeTo, edgeKind } = graph;
  let floors = 0;
  for (let i = 2; i < nodes.length; i += 3) floors = Math.max(floors, nodes[i]! + 1);
  const out = Array.from({ length: floors }, (): FloorEdges => ({ intra: [], inter: [], links: [] }));
  for (let e = 0; e < edgeFrom.length; e++) {
    const a = 3 * edgeFrom[e]!, b = 3 * edgeTo[e]!;
    const za = nodes[a + 2]!, zb = nodes[b + 2]!;
    const kind = edgeKind[e]!;
    if (za === zb) {
      out[za]![kind === EDGE_KINDS.intra ? 'intra' : 'inter'].push(nodes[a]!, nodes[a + 1]!, nodes[b]!, nodes[b + 1]!);
    } else if (kind === EDGE_KINDS.vertical) {
      out[za]!.links.push(nodes[a]!, nodes[a + 1]!, Math.sign(zb - za));
      out[zb]!.links.push(nodes[b]!, nodes[b + 1]!, Math.sign(za - zb));
    }
  }
  return out;
}

// Strokes segments (cells) from cell centre to cell centre.
function strokeSegments(ctx: CanvasRenderingContext2D, segments: readonly number[], f: FloorFrame, colour: string, width: number): void {
  const c = f.cell;
  ctx.beginPath();
  for (let i = 0; i < segments.length; i += 4) {
    ctx.moveTo(f.ox + (segments[i]! + 0.5) * c, f.oy + (segments[i + 1]! + 0.5) * c);
    ctx.lineTo(f.ox + (segments[i + 2]! + 0.5) * c, f.oy + (segments[i + 3]! + 0.5) * c);
  }
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** Draws floor f.floor's lists (under the nodes' dots) and says what it drew. */
export function drawFloorEdges(ctx: CanvasRenderingContext2D, lists: readonly FloorEdges[], f: FloorFrame): EdgesDrawn {
  const drawn: EdgesDrawn = { intra: 0, inter: 0, up: 0, down: 0 };
  const floor = lists[f.floor];
  if (!floor) return drawn;
  const c = f.cell;
  strokeSegments(ctx, floor.intra, f, EDGE_COLOURS.intra, Math.max(1.5, c * 0.15));
  strokeSegments(ctx, floor.inter, f, EDGE_COLOURS.inter, Math.max(1.5, c * 0.25));
  drawn.intra = floor.intra.length / 4;
  drawn.inter = floor.inter.length / 4;
  // A triangle beside the node's dot, its tip towards the other floor (up: towards the top of the screen).
  ctx.beginPath();
  const r = Math.max(4, c * 0.5);
  for (let i = 0; i < floor.links.length; i += 3) {
    const x = f.ox + (floor.links[i]! + 0.5) * c + r, y = f.oy + (floor.links[i + 1]! + 0.5) * c;
    const dir = floor.links[i + 2]!;
    if (dir > 0) drawn.up++;
    else drawn.down++;
    ctx.moveTo(x, y - dir * r);
    ctx.lineTo(x + r * 0.8, y + dir * r * 0.6);
    ctx.lineTo(x - r * 0.8, y + dir * r * 0.6);
    ctx.closePath();
  }
  ctx.fillStyle = EDGE_COLOURS.link;
  ctx.fill();
  ctx.strokeStyle = OKABE_ITO.black;
  ctx.lineWidth = 1;
  ctx.stroke();
  return drawn;
}
