// Frames on demand: a change asks for one (request), and while the crowd walks or clusters flash the
// frames follow each other, each moving the crowd on by the time since the last, and their times are
// measured (what the crowd panel and the tests report). Those following frames draw only the top
// layer (agents, flashes); the map's layer is drawn again when a change asked for it.
import type { AppState } from '../state';
import type { MapCanvas } from './mapCanvas';
import type { FrameStats, Panels } from './panels';

/** A frame that follows the one before by more than this missed a 60 Hz display's frame. */
const LATE_FRAME_MS = 25;
/**
 * The crowd panel's figures are written at most this often: each write of the page's text makes the
 * browser recompute style and layout in that frame, work a reader cannot follow at 60 Hz anyway.
 */
const PANEL_EVERY_MS = 250;

export class FrameLoop {
  #panelAt = 0;

  constructor(private readonly state: AppState, private readonly canvas: MapCanvas, private readonly panels: Panels) {}

  /**
   * Asks for a frame (at most one is pending). `'top'`: only what is drawn over the map changed (the
   * pointer's cell, a dragged rectangle), so the map's layer is kept.
   */
  request(layers: 'all' | 'top' = 'all'): void {
    const f = this.state.frames;
    if (layers === 'all') f.mapStale = true;
    if (f.requested) return;
    f.requested = true;
    requestAnimationFrame((now) => this.#frame(now));
  }

  /** Draws again whenever the canvas changes size. */
  followResize(canvas: HTMLCanvasElement): void {
    new ResizeObserver(() => {
      this.state.view.resize();
      this.request();
    }).observe(canvas);
  }

  #frame(now: number): void {
    const s = this.state;
    const f = s.frames;
    f.requested = false;
    const t0 = performance.now();
    const dt = f.lastAt ? (now - f.lastAt) / 1000 : 0;
    if (s.crowd) s.crowd.update(dt);
    const map = f.mapStale;
    f.mapStale = false;
    if (this.canvas.draw(map)) this.request();
    const work = performance.now() - t0;
    s.demo.lastFrameMs = work;
    // A paused crowd needs no frames of its own (a change asks for one).
    const walking = s.crowd !== null && !s.crowd.paused;
    if (walking || s.flashes.active) {
      if (f.lastAt) {
        f.gaps.push(now - f.lastAt);
        f.times.push(work);
        if (f.times.length > 600) f.times.shift(), f.gaps.shift();
      }
      f.lastAt = now;
      const stats = this.#measure();
      if (walking && s.mode === 'crowd' && now - this.#panelAt >= PANEL_EVERY_MS) {
        this.#panelAt = now;
        this.panels.showCrowdNumbers(s.crowd!.metrics, stats);
      }
      this.request('top');
    } else f.lastAt = 0;
  }

  /** The frame-time statistics (and the crowd's metrics) for the tests; the figures the panel shows. */
  #measure(): FrameStats {
    const s = this.state;
    const { times, gaps: allGaps } = s.frames;
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
    const p95 = sorted[Math.floor(0.95 * (sorted.length - 1))] ?? 0;
    const gaps = allGaps.slice(-60);
    const fps = gaps.length ? 1000 / (gaps.reduce((a, b) => a + b, 0) / gaps.length) : 0;
    const windowFps = allGaps.length ? 1000 / (allGaps.reduce((a, b) => a + b, 0) / allGaps.length) : 0;
    const lateFrames = allGaps.filter((g) => g > LATE_FRAME_MS).length;
    s.demo.frame = { fps, meanMs: mean, p95Ms: p95, maxMs: sorted[sorted.length - 1] ?? 0, samples: times.length, maxGapMs: Math.max(0, ...allGaps), windowFps, lateFrames };
    if (s.crowd) s.demo.crowd = { ...s.crowd.metrics };
    return { fps, meanMs: mean, p95Ms: p95 };
  }
}
