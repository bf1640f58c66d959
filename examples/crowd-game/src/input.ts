// The mouse and keyboard: with the select tool a left drag selects the units in its box (a click selects
// one, a click on empty ground clears, Shift adds); with the wall tool a left drag paints walls (Shift
// erases); a right click orders the selection there, whatever the tool. W switches the tool, F the
// formation, Escape clears the selection.
import type { Formation, Point } from 'hpastar';
import type { Game, Tool } from './game';
import type { Renderer } from './render';

const FORMATIONS: readonly Formation[] = ['cluster', 'box', 'line', 'wedge'];
/** A press that moves less than this (screen pixels) before it is released is a click, not a drag. */
const CLICK_PIXELS = 4;

export interface Controls {
  readonly toolButtons: Record<Tool, HTMLButtonElement>;
  readonly formation: HTMLSelectElement;
}

export function bindInput(game: Game, renderer: Renderer, controls: Controls): void {
  const canvas = renderer.canvas;
  const cellAt = (e: MouseEvent): Point => {
    const r = canvas.getBoundingClientRect();
    return {
      x: Math.min(game.width - 1, Math.max(0, Math.floor(((e.clientX - r.left) / r.width) * game.width))),
      y: Math.min(game.height - 1, Math.max(0, Math.floor(((e.clientY - r.top) / r.height) * game.height))),
    };
  };
  // The press under way: where it started (screen and cell), and the last cell the brush painted.
  let press: { x: number; y: number; cell: Point; painted: Point } | null = null;

  const setTool = (tool: Tool) => {
    game.tool = tool;
    canvas.style.cursor = tool === 'walls' ? 'cell' : 'crosshair';
    for (const [name, button] of Object.entries(controls.toolButtons)) button.classList.toggle('active', name === tool);
  };
  const setFormation = (formation: Formation) => {
    game.formation = formation;
    controls.formation.value = formation;
  };
  for (const [name, button] of Object.entries(controls.toolButtons)) button.addEventListener('click', () => setTool(name as Tool));
  controls.formation.addEventListener('change', () => setFormation(controls.formation.value as Formation));

  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('mousedown', (e) => {
    if (e.button === 2) {
      game.orderTo(cellAt(e));
      return;
    }
    if (e.button !== 0) return;
    const cell = cellAt(e);
    press = { x: e.clientX, y: e.clientY, cell, painted: cell };
    if (game.tool === 'walls') game.paint(cell, e.shiftKey);
  });
  window.addEventListener('mousemove', (e) => {
    if (!press) return;
    const cell = cellAt(e);
    if (game.tool === 'walls') {
      // A fast stroke skips cells between two events: paint along the line so the wall has no gaps.
      paintLine(game, press.painted, cell, e.shiftKey);
      press.painted = cell;
    } else if (Math.hypot(e.clientX - press.x, e.clientY - press.y) >= CLICK_PIXELS) {
      renderer.box = { from: press.cell, to: cell };
    }
  });
  window.addEventListener('mouseup', (e) => {
    if (!press || e.button !== 0) return;
    if (game.tool === 'select') {
      if (renderer.box) game.selectBox(renderer.box.from, renderer.box.to, e.shiftKey);
      else game.selectAt(press.cell, e.shiftKey);
    }
    renderer.box = null;
    press = null;
  });
  window.addEventListener('keydown', (e) => {
    const key = e.key.toLowerCase();
    if (key === 'w') setTool(game.tool === 'walls' ? 'select' : 'walls');
    else if (key === 'f') setFormation(FORMATIONS[(FORMATIONS.indexOf(game.formation) + 1) % FORMATIONS.length]!);
    else if (key === 'escape') game.selected.clear();
  });
  setTool(game.tool);
  setFormation(game.formation);
}

/** Paints the brush at every cell of the line from `a` to `b` but `a` (painted already). */
function paintLine(game: Game, a: Point, b: Point, erase: boolean): void {
  const steps = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  for (let s = 1; s <= steps; s++) {
    game.paint({ x: Math.round(a.x + ((b.x - a.x) * s) / steps), y: Math.round(a.y + ((b.y - a.y) * s) / steps) }, erase);
  }
}
