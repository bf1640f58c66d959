// The query: the start and the goal (set by clicks, moved by drags, cleared by Escape), the current
// algorithm's answer and A*'s for reference, and what the tests read of them.
import { PathQueryError, type PathResult, type Point } from '../../lib/index';
import { standsOn, type QueryOutcome } from '../algorithms';
import { errorText } from '../format';
import { passableCode } from '../hierarchyView';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import { TERRAIN_NAMES } from '../render/view';
import type { AppState, Tool } from '../state';
import { medianTime } from '../timing';
import type { PermalinkSync } from './permalinkSync';

/** The tools as the Tools section names them. */
const TOOL_LABELS: Readonly<Record<Tool, string>> = { path: 'Path', brush: 'Brush', rect: 'Rect', eraser: 'Eraser' };

export class QueryController {
  constructor(private readonly state: AppState, private readonly panels: Panels, private readonly frames: FrameLoop, private readonly permalink: PermalinkSync) {}

  insideMap(p: Point): boolean {
    const { shown } = this.state;
    return !!shown && p.x >= 0 && p.y >= 0 && p.x < shown.width && p.y < shown.height;
  }

  /**
   * Whether the goal may go on `p`: where the start may, or on a wall for the planners that answer a
   * partial path to the reachable cell nearest it (HPA*, DHPA*, SHPA*).
   */
  takesGoal(p: Point): boolean {
    const { kind } = this.state.algo;
    return this.isFree(p) || (this.insideMap(p) && (kind === 'hpa' || kind === 'shpa'));
  }

  /** Whether a marker may go on `p`: a passable cell, or for HAA* a cell of the agent's terrain. */
  isFree(p: Point): boolean {
    const { shown, algo, settings } = this.state;
    if (!shown || !this.insideMap(p)) return false;
    const code = shown.terrain[p.y * shown.width + p.x]!;
    return algo.kind === 'haa' ? standsOn(settings.capability, code) : passableCode(code);
  }

  /**
   * Runs the current algorithm on the query (and A* for reference). While a marker is dragged on a map
   * where A* is slow, the reference waits for the release.
   */
  run(dragging = false): void {
    const s = this.state;
    const { shown, start, goal, algo, settings, demo } = s;
    demo.start = start;
    demo.goal = goal;
    this.#retiming++; // the re-timing of an older answer stops
    demo.timesSettled = false;
    if (!shown || !start || !goal) {
      s.outcome = null;
      s.reference = null;
      demo.lastPath = null;
      demo.optimalCost = null;
      demo.referenceMs = null;
      this.panels.showNumbers();
      this.frames.request();
      return;
    }
    let o: QueryOutcome;
    try {
      o = s.outcome = shown.planners.run(algo, settings, start, goal, true);
      if (!dragging) {
        // The run above warmed the search up: the median of repeated runs (within ~3 ms).
        o.ms = medianTime(() => shown.planners.run(algo, settings, start, goal, false), { budgetMs: 3, maxRuns: o.ms > 10 ? 1 : 50, warm: true });
      }
      if (algo.kind === 'astar') {
        s.reference = { ...o, cells: o.cells, status: o.found ? 'found' : 'no path', ms: o.ms } as PathResult & { ms: number };
        s.referenceStale = false;
        s.lastAStarMs = o.ms;
      } else if (!dragging || s.lastAStarMs < 20) {
        const t0 = performance.now();
        const r = shown.planners.reference(algo, settings, start, o.reached ?? goal);
        s.lastAStarMs = performance.now() - t0;
        // That first run may have been cold (the map's first search sizes A*'s scratch): it is not the
        // figure shown, the median of the runs after it is.
        if (!dragging) s.lastAStarMs = medianTime(() => shown.planners.reference(algo, settings, start, o.reached ?? goal), { budgetMs: 3, maxRuns: s.lastAStarMs > 10 ? 1 : 50, warm: true });
        s.reference = { ...r, ms: s.lastAStarMs };
        s.referenceStale = false;
      } else s.referenceStale = true;
    } catch (error) {
      s.outcome = null;
      s.reference = null;
      demo.lastPath = null;
      this.panels.say(error instanceof PathQueryError ? `${error.message}. Move the start or the goal.` : errorText(error), true);
      this.panels.showNumbers();
      this.frames.request();
      return;
    }
    demo.lastPath = {
      found: o.found, cost: o.cost, algo: o.algo.id, cells: o.cells.length / 2, unsmoothedCost: o.unsmoothedCost, waypoints: (o.waypoints?.length ?? 0) / 2,
      expanded: { sg: o.stats.expandedInsertion, main: o.stats.expandedMain, refine: o.stats.expandedRefinement }, ms: o.ms,
      reached: o.reached,
    };
    demo.optimalCost = s.reference && !s.referenceStale ? s.reference.cost : null;
    demo.referenceMs = s.reference && !s.referenceStale ? s.reference.ms : null;
    this.panels.showNumbers();
    if (!dragging) this.#retime();
    if (!dragging) {
      const straight = settings.anyAngle && (algo.kind === 'hpa' || algo.kind === 'shpa');
      const points = `${o.cells.length / 2} ${straight ? 'corners joined by straight lines' : 'cells'}`;
      this.panels.say(
        o.reached
          ? `${o.algo.label}: the goal (${goal.x}, ${goal.y}) cannot be reached from the start, so the path goes as near as it can: to (${o.reached.x}, ${o.reached.y}), the reachable cell nearest the goal (${points}, cost ${o.cost.toFixed(3)}).`
          : o.found
            ? `${o.algo.label}: a path of ${points}, cost ${o.cost.toFixed(3)}${straight ? ' (at any angle: it may be shorter than the grid\'s optimum, A*\'s)' : ''}. Drag the start or the goal; paint walls or costs with the brush.`
            : 'No path: start and goal are not connected.',
      );
    }
    this.permalink.update();
    this.frames.request();
  }

  /** Bumped by every run: a re-timing of an earlier answer stops at its next step. */
  #retiming = 0;
  static readonly RETIME_ROUNDS = 4;

  /**
   * Times the answer on screen again in the next few tasks, one round (the search, and A*'s) per task so
   * that no frame waits long, and shows the medians of all the rounds. The browser optimizes the
   * module's code in the background after its first runs: figures taken at once can still be those of
   * slower code (A* 3.7 ms, then 0.24 ms), the medians of rounds spread over time are not.
   */
  #retime(): void {
    const s = this.state;
    const token = this.#retiming;
    const { shown, start, goal, algo, settings, outcome, reference } = s;
    if (!shown || !start || !goal || !outcome) return;
    const own = reference && !s.referenceStale && algo.kind !== 'astar' ? reference : null;
    const searches = [outcome.ms], astar = own ? [own.ms] : [];
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]!;
    const step = () => {
      if (token !== this.#retiming || s.outcome !== outcome) return;
      try {
        searches.push(medianTime(() => shown.planners.run(algo, settings, start, goal, false), { budgetMs: 2, maxRuns: outcome.ms > 10 ? 1 : 30, warm: true }));
        if (own) astar.push(medianTime(() => shown.planners.reference(algo, settings, start, outcome.reached ?? goal), { budgetMs: 2, maxRuns: own.ms > 10 ? 1 : 30, warm: true }));
      } catch {
        return; // the map changed under the query: its next run times it
      }
      outcome.ms = median(searches);
      if (s.demo.lastPath) s.demo.lastPath.ms = outcome.ms;
      if (algo.kind === 'astar' && reference) reference.ms = outcome.ms;
      if (own) own.ms = s.lastAStarMs = median(astar);
      s.demo.referenceMs = reference && !s.referenceStale ? reference.ms : null;
      this.panels.showNumbers();
      if (searches.length > QueryController.RETIME_ROUNDS) s.demo.timesSettled = true;
      else setTimeout(step, 16);
    };
    setTimeout(step, 16);
  }

  /** A click on a cell: the start, then the goal (Shift: a new goal for the same start). */
  click(cell: Point, shift: boolean): void {
    const s = this.state;
    const { shown, mode } = s;
    if (!shown || mode === 'crowd') {
      if (mode === 'crowd') this.panels.say('In the crowd, paint walls (Brush, Rect) to make agents re-plan.');
      return;
    }
    if (!this.insideMap(cell)) return;
    const settingGoal = (shift && !!s.start) || (!!s.start && !s.goal);
    if (!(settingGoal ? this.takesGoal(cell) : this.isFree(cell))) {
      const code = String.fromCharCode(shown.terrain[cell.y * shown.width + cell.x]!);
      this.panels.say(`(${cell.x}, ${cell.y}) is blocked (${TERRAIN_NAMES[code] ?? code}): pick a passable cell.`, true);
      return;
    }
    if (shift && s.start) {
      s.goal = cell;
      this.run();
    } else if (!s.start || s.goal) {
      s.start = cell;
      s.goal = null;
      s.outcome = null;
      s.reference = null;
      this.run();
      this.panels.say(`Start at (${cell.x}, ${cell.y}). Now click the goal.`);
    } else {
      s.goal = cell;
      this.run();
    }
    this.permalink.update();
    this.frames.request();
  }

  /** Moves a dragged marker to `cell` and re-plans as the drag goes; false when it stays (a blocked cell, or the same). */
  moveMarker(which: 'start' | 'goal', cell: Point): boolean {
    const s = this.state;
    if (!(which === 'goal' ? this.takesGoal(cell) : this.isFree(cell))) return false;
    const m = which === 'start' ? s.start : s.goal;
    if (m && m.x === cell.x && m.y === cell.y) return false;
    if (which === 'start') s.start = cell;
    else s.goal = cell;
    this.run(true);
    return true;
  }

  clear(): void {
    const s = this.state;
    s.start = s.goal = null;
    this.run();
    this.permalink.update();
    if (s.demo.ready) this.sayNextStep('Cleared. ');
  }

  /**
   * What the status line asks for next when no path is on screen, as the selected tool has it: a start
   * or a goal with Path, painting with the others (a message never asks for a click the tool would
   * not take as one).
   */
  nextStep(): string {
    const { tool, start } = this.state;
    if (tool !== 'path') return `The ${TOOL_LABELS[tool]} tool is selected: drag on the map to paint. Choose Path (P) to set a start and a goal.`;
    return start ? 'Now click the goal.' : 'Click a passable cell to set the start, then the goal.';
  }

  /** Says `prefix` and the next step, when no query is on screen (the crowd has its own messages). */
  sayNextStep(prefix = ''): void {
    if (this.active() || this.state.mode === 'crowd') return;
    this.panels.say(`${prefix}${this.nextStep()}`);
  }

  /** Whether a query is on screen (the crowd has none). */
  active(): boolean {
    return !!this.state.start && !!this.state.goal && this.state.mode !== 'crowd';
  }
}
