// What the overlays draw, fetched from the planner on screen when first drawn and kept in the state
// (hierarchyView.ts) until the planner, the query or the terrain changes.
import { PathQueryError, type HPAStar } from '../../lib/index';
import { clusterMap, type ClusterRects, type QueryConnections, type SearchPhase } from '../../lib/inspect';
import type { LevelGraph } from '../hierarchyView';
import type { AppState } from '../state';
import { SET_OVERLAYS, clearanceImage, componentsImage, shpaClusterImage, type ClearanceMaps } from './overlays';

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
      s.searchSets.set(s.shown.planners.trace(s.algo, s.settings, s.start, s.outcome.reached ?? s.goal));
    }
    const trace = s.searchSets.trace;
    s.demo.searchSets = trace ? trace.searches.map((t) => ({ phase: t.phase, level: t.level, closed: t.closed.length / 2, open: t.open.length / 2 })) : null;
  }

  /**
   * HAA*'s clearance overlay for the agent on screen ('clearance' true, 'brushfire' Brushfire's, both
   * side by side in each cell), or null without a built HAA* planner. Made again when the planner, the
   * agent or the terrain changes.
   */
  clearance(): { maps: ClearanceMaps; image: HTMLCanvasElement } | null {
    const s = this.state;
    const planner = s.shown?.planners.builtHaa(s.settings);
    if (!s.shown || !planner || s.algo.kind !== 'haa') return null;
    const truth = this.on('clearance'), brushfire = this.on('brushfire');
    if (!truth && !brushfire) return null;
    const key = `${truth},${brushfire},${s.settings.capability},${s.settings.agentSize},${s.demo.edits.cells}`;
    if (s.clearanceCache?.planner !== planner || s.clearanceCache.key !== key) {
      const maps: ClearanceMaps = {
        size: s.settings.agentSize,
        truth: truth ? planner.clearance(s.settings.capability, 'true') : null,
        brushfire: brushfire ? planner.clearance(s.settings.capability, 'brushfire') : null,
      };
      s.clearanceCache = { planner, key, maps, image: clearanceImage(maps, s.shown.width, s.shown.height) };
      const shown = maps.truth ?? maps.brushfire!;
      let fits = 0, missed = 0;
      for (let i = 0; i < shown.length; i++) {
        if (shown[i]! >= maps.size) fits++;
        if (maps.truth && maps.brushfire && maps.truth[i]! >= maps.size && maps.brushfire[i]! < maps.size) missed++;
      }
      s.demo.clearance = { fits, missed };
    }
    return s.clearanceCache;
  }

  /** SHPA*'s clusters: those of SHPAStar, or of an HPAStar cut by SHPA*'s merge (algo.merged). */
  shpaClusters(): HTMLCanvasElement | null {
    const s = this.state;
    const planner = s.algo.merged ? this.planner() : s.shown?.planners.builtShpa(s.settings);
    if (!s.shown || !planner) return null;
    // An HPAStar keeps its cutting through edits, but the walls painted change which cells are drawn.
    const version = 'version' in planner ? planner.version : 0;
    if (s.shpaClusters?.planner !== planner || s.shpaClusters.version !== version)
      s.shpaClusters = { planner, version, image: shpaClusterImage(clusterMap(planner), s.shown.width, s.shown.height) };
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
