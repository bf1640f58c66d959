// The text around the map: the message line, the query's numbers, the build's figures, the last
// edit's update, the crowd's numbers and the HUD (the cell under the pointer, the zoom).
import { hierarchyOptions, suboptimality } from '../algorithms';
import type { CrowdMetrics } from '../crowd';
import { errorText, fmtInt, fmtMs, fmtPercent, plural } from '../format';
import type { Elements } from '../page';
import type { AppState } from '../state';
import type { OverlayData } from './overlayData';
import { passableCode } from '../hierarchyView';
import { TERRAIN_NAMES } from './view';

/** Frame-time statistics of the frames that ran on their own (crowd, flashes). */
export interface FrameStats {
  fps: number;
  meanMs: number;
  p95Ms: number;
}

export class Panels {
  constructor(private readonly state: AppState, private readonly elements: Elements, private readonly overlays: OverlayData) {}

  say(text: string, isError = false): void {
    this.elements.message.textContent = text;
    this.elements.message.classList.toggle('error', isError);
  }

  showNumbers(): void {
    const { outcome: o, reference, referenceStale } = this.state;
    const N = this.elements.numbers;
    const set = (el: HTMLElement, text: string) => (el.textContent = text);
    if (!o) {
      for (const key of ['time', 'sg', 'main', 'refine', 'expanded', 'abstract', 'cost', 'unsmoothed', 'optimal', 'astar', 'subopt'] as const) set(N[key], '–');
      N.subopt.title = '';
      return;
    }
    set(N.time, fmtMs(o.ms));
    set(N.sg, fmtInt(o.stats.expandedInsertion));
    set(N.main, fmtInt(o.stats.expandedMain));
    set(N.refine, fmtInt(o.stats.expandedRefinement));
    set(N.expanded, fmtInt(o.expanded));
    set(N.abstract, o.algo.kind !== 'astar' ? fmtInt(o.stats.abstractPathNodes) : '–');
    set(N.cost, o.found ? o.cost.toFixed(4) : 'no path');
    set(N.unsmoothed, o.found && o.unsmoothed ? o.unsmoothedCost.toFixed(4) : '–');
    if (reference && !referenceStale) {
      set(N.optimal, reference.found ? reference.cost.toFixed(4) : 'no path');
      set(N.astar, `${fmtMs(reference.ms)}, ${fmtInt(reference.expanded)} expanded`);
      // Straight lines at any angle may beat the grid's optimum: the figure's title says what it compares
      // (the bar cuts long figures, and the message line says it too).
      set(N.subopt, o.found && reference.found ? fmtPercent(suboptimality(o.cost, reference.cost)) : '–');
      N.subopt.title = o.found && reference.found && o.anyAngle ? "any-angle lines against the grid's optimum (A*'s), which they may beat" : '';
    } else {
      set(N.optimal, referenceStale ? '(on release)' : '–');
      set(N.astar, '–');
      set(N.subopt, '–');
      N.subopt.title = '';
    }
  }

  showBuildInfo(): void {
    const { shown, algo, settings, demo } = this.state;
    const buildInfo = this.elements.buildInfo;
    if (!shown || algo.kind === 'astar') {
      buildInfo.textContent = 'A* searches the grid itself: nothing to build.';
      demo.hierarchyCheck = null;
      return;
    }
    // A planner that refuses this grid (SHPA* one with terrain costs, so far) is said so here, not thrown at the page.
    const built = <T>(name: string, build: () => T): T | undefined => {
      try {
        return build();
      } catch (error) {
        buildInfo.textContent = `${name} cannot be built on this grid: ${errorText(error)}`;
        return undefined;
      }
    };
    const figures = (buildMs: number, s: { buildMs: number; bytes: number }) => `Built in ${fmtMs(buildMs)} (core: ${fmtMs(s.buildMs)}), ${(s.bytes / 1024).toFixed(0)} KiB`;
    if (algo.kind === 'shpa' || algo.kind === 'haa') demo.hierarchyCheck = null;
    if (algo.kind === 'shpa') {
      const shpa = built('SHPA*', () => shown.planners.shpa(settings));
      if (!shpa) return;
      const s = shpa.planner.stats;
      const part = (n: number | undefined, what: string) => (n === undefined ? '' : `, ${plural(n, what)}`);
      buildInfo.textContent =
        `${figures(shpa.buildMs, s)}${part(s.clusters, 'cluster')}${part(s.nodes, 'node')}${part(s.components, 'connected component')}. ` +
        `Clusters of any shape up to ${settings.clusterSize} cells wide (the cluster size); static maps: an edit rebuilds it all.`;
      return;
    }
    if (algo.kind === 'haa') {
      const haa = built('HAA*', () => shown.planners.haa(settings));
      if (!haa) return;
      const { planner } = haa;
      const s = planner.stats;
      const size = (g: { nodes: number; interEdges: number; intraEdges: number }) => `${fmtInt(g.nodes)} nodes, ${fmtInt(g.interEdges + g.intraEdges)} edges`;
      buildInfo.textContent =
        `${figures(haa.buildMs, s)}, ${plural(s.clusters, 'cluster')}, ` +
        `for agents of sizes 1 to ${planner.options.maxSize} and ${plural(planner.capabilities.length, 'capability')} (${planner.capabilities.join(' · ')}). ` +
        `Initial abstraction ${size(s.initial)}; high quality ${size(s.high)}; searched ${size(s.searched)}.`;
      return;
    }
    const { planner, buildMs } = shown.planners.planner(hierarchyOptions(algo, settings));
    const s = planner.stats;
    const levels = s.levels.map((l) => `L${l.level}: ${fmtInt(l.clusters)} clusters, ${fmtInt(l.nodes)} nodes, ${fmtInt(l.interEdges + l.intraEdges)} edges`).join('; ');
    // The overlays draw the planner's own graph: its counts must be the stats' (a mismatch is a bug shown).
    const g = this.overlays.graph(1)?.graph;
    const l1 = s.levels[0]!;
    demo.hierarchyCheck = g ? { nodes: [g.nodes.length / 2, l1.nodes], edges: [g.edgeFrom.length, l1.interEdges + l1.intraEdges] } : null;
    const mismatch = g !== undefined && (g.nodes.length / 2 !== l1.nodes || g.edgeFrom.length !== l1.interEdges + l1.intraEdges);
    buildInfo.textContent =
      `${figures(buildMs, s)}. ${levels}. ` +
      `${plural(s.entrances, 'entrance')}, ${plural(s.components, 'connected component')}.` +
      (settings.distanceTable
        ? s.distanceTableNodes > 0
          ? ` Distance table: ${fmtInt(s.distanceTableNodes)} nodes, abstract paths read off it.`
          : ` No distance table: the top level has more than 4,096 nodes.`
        : '') +
      (mismatch ? ` ⚠ The exported graph differs from the stats (${g.nodes.length / 2} nodes, ${g.edgeFrom.length} edges).` : '');
  }

  /** The last edit's update; `note` follows the figures. */
  showEditNumbers(cells: number, ms: number, rebuilt: readonly number[], note = ''): void {
    this.elements.numbers.edit.textContent = `${cells} cells, ${fmtMs(ms)}` + (rebuilt.length ? `, rebuilt ${rebuilt.map((n, i) => `L${i + 1}: ${n}`).join(' ')}` : '') + note;
  }

  clearEditNumbers(): void {
    this.elements.numbers.edit.textContent = '–';
  }

  showCrowdNumbers(m: CrowdMetrics, frame: FrameStats): void {
    const C = this.elements.crowdNumbers;
    C.pool.textContent = `${m.poolMode}, ${m.poolWorkers} ${m.poolMode === 'shared' ? 'thread' : 'worker'}${m.poolWorkers === 1 ? '' : 's'}`;
    C.pool.title = m.poolReason;
    C.fps.textContent = frame.fps.toFixed(0);
    C.frame.textContent = `${frame.meanMs.toFixed(2)} ms mean, ${frame.p95Ms.toFixed(2)} p95`;
    C.searches.textContent = `${fmtInt(m.searchesPerSecond)}, all in the pool (plans ${fmtInt(m.plansPerSecond)}, segments ${fmtInt(m.segmentsPerSecond)})`;
    C.load.textContent = `${(100 * m.poolBusy).toFixed(0)} % busy, ${m.inFlight} in flight`;
    C.agents.textContent = `${m.walking} walking, ${m.waiting} waiting, ${m.agents - m.walking - m.waiting} planning` + (m.avoidance ? `, ${m.overlapping} passing through another` : '');
    C.arrivals.textContent = `${fmtInt(m.arrivals)}, ${fmtInt(m.replans)}`;
  }

  /** No crowd: every figure of the crowd panel is blank. */
  clearCrowdNumbers(): void {
    for (const cell of Object.values(this.elements.crowdNumbers)) {
      cell.textContent = '–';
      cell.title = '';
    }
  }

  /** A paused crowd: no frame runs, so the frame figures are not of now. */
  showCrowdPaused(): void {
    const C = this.elements.crowdNumbers;
    C.fps.textContent = 'paused';
    C.frame.textContent = '–';
    C.searches.textContent = '–';
    C.load.textContent = '–';
  }

  showHud(): void {
    const { shown, hover, view, graphHidden } = this.state;
    if (!shown) return;
    let text = '–';
    if (hover) {
      const code = String.fromCharCode(shown.terrain[hover.y * shown.width + hover.x]!);
      const cost = shown.image.multiplierAt(hover.x, hover.y);
      // The multiplier of passable cells that do not cost a plain step (blocked cells have none that matters).
      const costText = passableCode(code.charCodeAt(0)) && cost !== 1 ? `, costs ${+cost.toFixed(3)}×` : '';
      text = `(${hover.x}, ${hover.y}) ${TERRAIN_NAMES[code] ?? code}${costText}`;
    }
    this.elements.hudCell.textContent = text;
    this.elements.hudZoom.textContent =
      `· ${shown.width} × ${shown.height} · ${(view.scale / view.dpr).toFixed(view.scale / view.dpr < 1 ? 2 : 1)} px/cell` +
      (graphHidden ? ' · zoom in to see the abstract graph' : '');
  }
}
