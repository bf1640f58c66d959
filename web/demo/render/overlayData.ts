// What the overlays draw, fetched from the planner on screen when first drawn and kept in the state
// (hierarchyView.ts) until the planner, the query or the terrain changes.
import { PathQueryError, type ClusterRects, type HPAStar, type QueryConnections, type SearchPhase } from '../../lib/index';
import type { LevelGraph } from '../hierarchyView';
import type { AppState } from '../state';
import { SET_OVERLAYS, componentsImage, shpaClusterImage } from './overlays';

export class OverlayData {
  constructor(private readonly state: AppState) {}

  on(id: string): boolean {
    return this.state.overlays.has(id);
  }

  /** The HPA* planner on screen, or null (another algorithm, or not built: never built here). */
  planner(): HPAStar | null {
    const s = this.state;
    return s.shown?.planners.builtPlanner(s.algo, s.settings) ?? null;
  }

  /** The clusters of `level` of the planner on screen, or null when it has no such level. */
  clusters(level: number): ClusterRects | null {
    const planner = this.planner();
    if (!planner || level > planner.options.levels) return null;
    return this.state.hierarchy.clusters(planner, level);
  }

  /** The exact graph of `level` of the planner on screen, or null when it has no such level. */
  graph(level: number): LevelGraph | null {
    const planner = this.planner();
    if (!planner || level > planner.options.levels) return null;
    return this.state.hierarchy.graph(planner, level);
  }

  /**
   * How the query's ends join the graphs of the planner on screen (one end alone when the other is not
   * placed), or null when there is no end, no planner, or an end is not a free cell.
   */
  connections(): QueryConnections | null {
    const s = this.state;
    const planner = this.planner();
    const a = s.start ?? s.goal, b = s.goal ?? s.start;
    if (!planner || !a || !b) return null;
    try {
      return s.hierarchy.connections(planner, a, b);
    } catch (error) {
      if (error instanceof PathQueryError) return null;
      throw error;
    }
  }

  /** The phases whose open and closed sets are shown. */
  phases(): Set<SearchPhase> {
    const phases = new Set<SearchPhase>();
    for (const [id, list] of Object.entries(SET_OVERLAYS)) if (this.on(id)) for (const p of list) phases.add(p);
    return phases;
  }

  /** Traces the query on screen once a sets overlay wants it (a second run, not timed). */
  trace(): void {
    const s = this.state;
    if (!s.shown || !s.start || !s.goal || !s.outcome || s.mode === 'crowd') {
      s.searchSets.set(null);
      s.tracedOutcome = null;
    } else if (s.tracedOutcome !== s.outcome) {
      s.tracedOutcome = s.outcome;
      s.searchSets.set(s.shown.planners.trace(s.algo, s.settings, s.start, s.goal));
    }
    const trace = s.searchSets.trace;
    s.demo.searchSets = trace ? trace.searches.map((t) => ({ phase: t.phase, level: t.level, closed: t.closed.length / 2, open: t.open.length / 2 })) : null;
  }

  shpaClusters(): HTMLCanvasElement | null {
    const s = this.state;
    const planner = s.shown?.planners.builtShpa(s.settings);
    if (!s.shown || !planner) return null;
    if (s.shpaClusters?.planner !== planner) s.shpaClusters = { planner, image: shpaClusterImage(planner.clusterMap(), s.shown.width, s.shown.height) };
    return s.shpaClusters.image;
  }

  /**
   * The connected components' image, made again at most every 250 ms while the terrain changes.
   * `stale` says that the image is older than the terrain (draw again soon).
   */
  components(): { image: HTMLCanvasElement | null; stale: boolean } {
    const s = this.state;
    if (!s.shown) return { image: null, stale: false };
    const now = performance.now();
    let stale = false;
    if (s.componentsDirty && (!s.componentsCache || now - s.componentsCache.at > 250)) {
      const { labels, count } = s.shown.planners.components(s.algo, s.settings);
      s.componentsCache = { image: componentsImage(labels, s.shown.width, s.shown.height), count, at: now };
      s.componentsDirty = false;
    } else if (s.componentsDirty) stale = true;
    return { image: s.componentsCache?.image ?? null, stale };
  }
}
