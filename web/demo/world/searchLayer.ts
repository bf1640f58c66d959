// Draws one phase of a clicked path's search on the floor on screen: the cells its searches over cells
// expanded (strong) and generated without expanding (pale), the abstract nodes its searches over a
// graph expanded (filled) and generated (hollow), and the path the phase leaves (the abstract path's
// nodes joined, the refined path, smoothing's straight lines as a band under the smoothed path). Steps on other floors are left out; the
// counts per floor are kept for the tests.
import { OKABE_ITO } from '../render/palette';
import type { FloorFrame } from './floorFrame';
import type { PhaseStep, WorldPhase } from './searchSteps';

/** One colour per phase, as the grid demo's (the colour of what the phase makes). */
export const PHASE_COLOURS: Record<WorldPhase, string> = {
  insertion: OKABE_ITO.skyBlue,
  abstract: OKABE_ITO.purple,
  refinement: OKABE_ITO.orange,
  smoothing: OKABE_ITO.vermillion,
};

/** What the last draw put on the floor on screen. */
export interface PhaseDrawn {
  closedCells: number;
  openCells: number;
  closedNodes: number;
  openNodes: number;
}

export function drawPhase(ctx: CanvasRenderingContext2D, step: PhaseStep, f: FloorFrame): PhaseDrawn {
  const drawn: PhaseDrawn = { closedCells: 0, openCells: 0, closedNodes: 0, openNodes: 0 };
  const colour = PHASE_COLOURS[step.phase];
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  for (const s of step.searches) {
    if (s.level === 0) {
      ctx.globalAlpha = 0.3;
      drawn.openCells += cells(ctx, s.open, f, 'square');
      ctx.globalAlpha = 0.75;
      drawn.closedCells += cells(ctx, s.closed, f, 'square');
    } else {
      ctx.globalAlpha = 1;
      drawn.openNodes += cells(ctx, s.open, f, 'ring');
      drawn.closedNodes += cells(ctx, s.closed, f, 'disc');
    }
  }
  ctx.globalAlpha = 1;
  if (step.phase === 'abstract') polyline(ctx, step.path, f, colour, [f.cell * 1.2, f.cell * 0.6], 0.3);
  else if (step.phase === 'refinement') polyline(ctx, step.path, f, colour, [], 0.3);
  else if (step.phase === 'smoothing') {
    // The refined path it started from, dashed, and its lines as a wide band under the path drawn on top.
    polyline(ctx, step.refined, f, PHASE_COLOURS.refinement, [f.cell * 0.8, f.cell * 0.5], 0.25);
    for (const line of step.lines) polyline(ctx, line, f, colour, [], 0.9);
  }
  return drawn;
}

// Cells x, y, z each: those on the floor on screen as squares, discs or rings; returns how many.
function cells(ctx: CanvasRenderingContext2D, at: Int32Array, f: FloorFrame, mark: 'square' | 'disc' | 'ring'): number {
  const c = f.cell;
  const r = Math.max(2, c * 0.45);
  let n = 0;
  ctx.beginPath();
  for (let i = 0; i < at.length; i += 3) {
    if (at[i + 2] !== f.floor) continue;
    n++;
    const x = f.ox + at[i]! * c, y = f.oy + at[i + 1]! * c;
    if (mark === 'square') ctx.rect(x, y, c, c);
    else {
      ctx.moveTo(x + c / 2 + r, y + c / 2);
      ctx.arc(x + c / 2, y + c / 2, r, 0, 2 * Math.PI);
    }
  }
  if (mark === 'ring') {
    ctx.lineWidth = Math.max(1.5, c * 0.15);
    ctx.stroke();
  } else ctx.fill();
  return n;
}

// A path of cells x, y, z each: its steps on the floor on screen, solid (or dashed), over a white edge.
function polyline(ctx: CanvasRenderingContext2D, at: Int32Array, f: FloorFrame, colour: string, dash: number[], width: number): void {
  const c = f.cell;
  ctx.beginPath();
  for (let i = 3; i < at.length; i += 3) {
    if (at[i - 1] !== f.floor || at[i + 2] !== f.floor) continue;
    ctx.moveTo(f.ox + (at[i - 3]! + 0.5) * c, f.oy + (at[i - 2]! + 0.5) * c);
    ctx.lineTo(f.ox + (at[i]! + 0.5) * c, f.oy + (at[i + 1]! + 0.5) * c);
  }
  ctx.lineCap = 'round';
  ctx.setLineDash(dash);
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = Math.max(3, c * (width + 0.2));
  ctx.stroke();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, c * width);
  ctx.stroke();
  ctx.setLineDash([]);
}
