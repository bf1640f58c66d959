// The canvas's pointers: a click sets the start or the goal, a drag moves a marker or pans (right or
// middle button, or any drag that is not a click), two fingers pinch, the wheel zooms; with a painting
// tool the pointer paints. The cell under the pointer goes to the HUD.
import type { Point } from '../../lib/index';
import { GROUND } from '../maps';
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import type { AppState, Paint } from '../state';
import type { QueryController } from './query';
import type { TerrainEditor } from './terrainEdits';

/** What the eraser and Shift paint: ground. */
const ERASE: Paint = { kind: 'terrain', code: GROUND };

export class PointerInput {
  readonly #canvas: HTMLCanvasElement;

  constructor(
    private readonly state: AppState, elements: Elements, private readonly panels: Panels,
    private readonly frames: FrameLoop, private readonly query: QueryController, private readonly editor: TerrainEditor,
  ) {
    this.#canvas = elements.canvas;
  }

  wire(): void {
    const canvas = this.#canvas;
    canvas.addEventListener('pointerdown', (e) => this.#down(e));
    canvas.addEventListener('pointermove', (e) => this.#move(e));
    canvas.addEventListener('pointerup', (e) => this.#up(e));
    canvas.addEventListener('pointercancel', (e) => this.#up(e));
    canvas.addEventListener('pointerleave', () => {
      if (!this.state.pointers.size) {
        this.state.hover = null;
        this.panels.showHud();
        this.frames.request();
      }
    });
    canvas.addEventListener('wheel', (e) => this.#wheel(e), { passive: false });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  #nearMarker(p: Point): 'start' | 'goal' | null {
    const { view, start, goal } = this.state;
    const reach = Math.max(1, Math.ceil((8 * view.dpr) / view.scale));
    const near = (m: Point | null) => m && Math.abs(m.x - p.x) <= reach && Math.abs(m.y - p.y) <= reach;
    if (near(goal)) return 'goal';
    if (near(start)) return 'start';
    return null;
  }

  #pinch(): { distance: number; cx: number; cy: number } {
    const [a, b] = [...this.state.pointers.values()];
    return { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), cx: (a!.x + b!.x) / 2, cy: (a!.y + b!.y) / 2 };
  }

  #down(e: PointerEvent): void {
    const s = this.state;
    if (!s.demo.ready || !s.shown) return;
    try {
      this.#canvas.setPointerCapture(e.pointerId);
    } catch {
      // synthetic events (tests) have no active pointer to capture
    }
    s.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (s.pointers.size === 2) {
      s.gesture = { kind: 'pinch', ...this.#pinch() };
      s.rectDrag = null;
      return;
    }
    if (s.pointers.size > 2) return;
    const cell = s.view.cellAt(e.clientX, e.clientY);
    if (e.button === 1 || e.button === 2) {
      s.gesture = { kind: 'pan', x: e.clientX, y: e.clientY };
      this.#canvas.classList.add('panning');
      return;
    }
    if (s.tool === 'path') {
      const marker = s.mode === 'crowd' ? null : this.#nearMarker(cell);
      s.gesture = marker ? { kind: 'marker', which: marker } : { kind: 'pending', x: e.clientX, y: e.clientY, cell };
    } else if (s.tool === 'rect') {
      s.gesture = { kind: 'rect' };
      s.rectDrag = { from: cell, to: cell, erase: e.shiftKey };
    } else {
      const paint = s.tool === 'eraser' || e.shiftKey ? ERASE : s.paint;
      s.gesture = { kind: 'paint', last: cell, paint };
      this.editor.paintStroke(cell, cell, paint);
    }
  }

  #move(e: PointerEvent): void {
    const s = this.state;
    const { view } = s;
    const cell = view.cellAt(e.clientX, e.clientY);
    const hoverCell = this.query.insideMap(cell) ? cell : null;
    if (hoverCell?.x !== s.hover?.x || hoverCell?.y !== s.hover?.y) {
      s.hover = hoverCell;
      this.panels.showHud();
      this.frames.request('top'); // the pointer's square is drawn over the map
    }
    const p = s.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    const gesture = s.gesture;
    if (!gesture) return;
    const scale = this.#canvas.width / this.#canvas.getBoundingClientRect().width;
    switch (gesture.kind) {
      case 'pinch': {
        if (s.pointers.size < 2) return;
        const now = this.#pinch();
        const [px, py] = view.toDevice(now.cx, now.cy);
        view.pan((now.cx - gesture.cx) * scale, (now.cy - gesture.cy) * scale);
        if (gesture.distance > 0) view.zoomAt(px, py, now.distance / gesture.distance);
        Object.assign(gesture, now);
        break;
      }
      case 'pending':
        if (Math.hypot(e.clientX - gesture.x, e.clientY - gesture.y) > 5) {
          // A drag, not a click: pan by the whole movement since the pointer went down.
          view.pan((e.clientX - gesture.x) * scale, (e.clientY - gesture.y) * scale);
          s.gesture = { kind: 'pan', x: e.clientX, y: e.clientY };
          this.#canvas.classList.add('panning');
          break;
        }
        return;
      case 'pan':
        view.pan(dx * scale, dy * scale);
        break;
      case 'marker':
        if (!this.query.moveMarker(gesture.which, cell)) return;
        break;
      case 'paint':
        this.editor.paintStroke(gesture.last, cell, gesture.paint);
        gesture.last = cell;
        break;
      case 'rect':
        if (s.rectDrag) s.rectDrag.to = cell;
        this.panels.showHud();
        this.frames.request('top'); // the dragged rectangle is drawn over the map
        return;
    }
    this.panels.showHud();
    this.frames.request();
  }

  #up(e: PointerEvent): void {
    const s = this.state;
    s.pointers.delete(e.pointerId);
    this.#canvas.classList.remove('panning');
    const g = s.gesture;
    if (s.pointers.size > 0) {
      if (g?.kind === 'pinch') s.gesture = null;
      return;
    }
    s.gesture = null;
    if (!g || !s.shown) return;
    if (g.kind === 'pending') this.query.click(g.cell, e.shiftKey);
    else if (g.kind === 'marker') this.query.run(false);
    else if (g.kind === 'paint' && this.query.active()) this.query.run(false);
    else if (g.kind === 'rect' && s.rectDrag) {
      const r = s.rectDrag;
      s.rectDrag = null;
      this.editor.paintRect(r.from, r.to, r.erase ? ERASE : s.paint);
      if (this.query.active()) this.query.run(false);
    }
    this.frames.request();
  }

  #wheel(e: WheelEvent): void {
    e.preventDefault();
    const { view } = this.state;
    const [px, py] = view.toDevice(e.clientX, e.clientY);
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    view.zoomAt(px, py, Math.exp(-delta * 0.0015));
    this.panels.showHud();
    this.frames.request();
  }
}
