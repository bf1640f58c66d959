// What the end-to-end tests read of the Worlds page (window.__hpastarWorld): the page's state, the
// world's floors, the crowd's figures, the teaching layers and the trace of the query on screen.
import type { BlockName, Voxel } from '../../lib/index';
import { traceSearch } from '../../lib/inspect';
import type { BuildFigures } from '../buildProgress';
import type { CrowdBuildFigures, CrowdPanel, FrameFigures } from './crowdPanel';
import type { FloorLabel, FloorView } from './floorView';
import type { TeachPanel, TeachState } from './teachPanel';
import type { WorldCrowdFigures } from './worldCrowd';
import type { WorldSession } from './worldSession';

/** What the page shows, as the end-to-end tests read it. */
export interface WorldPageState {
  busy: boolean;
  width: number;
  height: number;
  levels: number;
  floor: number;
  version: number;
  start: Voxel | null;
  goal: Voxel | null;
  found: boolean | null;
  cost: number | null;
  /** The path's cells packed x, y, z. */
  pathCells: number[];
  /** A*'s answer to the same query, when the comparison is on. */
  astar: { found: boolean; cost: number | null; expanded: number } | null;
  /** Whether the floor above is shaded, and how many cells of the floor on screen it shaded. */
  showAbove: boolean;
  shadedAbove: number;
  /** The labels drawn on the floor on screen (canvas pixels). */
  labels: FloorLabel[];
}

/** What the end-to-end tests read (tests/e2e/world.e2e.ts). */
export interface WorldPageHook {
  ready: boolean;
  state(): WorldPageState;
  /** 1 where an agent stands on floor z, row-major. */
  standing(z: number): number[];
  /** The block codes of floor z, row-major, as the page has them. */
  blocks(z: number): number[];
  reachable(a: Voxel, b: Voxel): boolean;
  /** The centre of cell (x, y) in page coordinates, for clicks. */
  cellCentre(x: number, y: number): { x: number; y: number };
  /** Places `block` at (x, y, z) as a click of the Dig or Build tool does: "" or why not. */
  change(x: number, y: number, z: number, block: BlockName): string;
  /** The world's version (one more per change made). */
  worldVersion(): number;
  /** The crowd's figures, null when none runs. */
  crowd(): WorldCrowdFigures | null;
  /** What the last crowd start's pool reported of its build (the progress bar shows the late reports). */
  crowdBuild(): CrowdBuildFigures;
  /** What the last world's hierarchy build (in its worker) reported (the progress bar shows the late reports); the build's ms and whether a worker made it. */
  worldBuild(): BuildFigures & { ms: number; inWorker: boolean };
  /** The main thread's work per frame while the crowd runs, since the last reset. */
  frames(): FrameFigures;
  resetFrames(): void;
  /** Starts recording the crowd's steps; takeTrace hands them over (agent, from x, y, z, to x, y, z, world version, per step). */
  startTrace(): void;
  takeTrace(): number[];
  /** The Hierarchy and Show search layers: their switches, counts, phase and captions. */
  teach(): TeachState;
  /** The trace of the query on screen, straight from traceSearch: each search's phase and expanded count, and the path's figures. */
  trace(): { searches: { phase: string; level: number; closed: number }[]; refinedCells: number; pathCells: number; smoothingLines: number; stats: Record<string, number> } | null;
  /** The cells the crowd's agents stand on, x, y, z each, and whether each walks (1) or not (0) as a fourth. */
  agentCells(): number[];
}

declare global {
  interface Window {
    __hpastarWorld?: WorldPageHook;
  }
}

/** What the hook reads from. */
export interface WorldHookParts {
  session: WorldSession;
  view: FloorView;
  canvas: HTMLCanvasElement;
  crowd: CrowdPanel;
  teach: TeachPanel;
  busy: () => boolean;
  redraw: () => void;
  worldBuild: () => BuildFigures & { ms: number; inWorker: boolean };
}

export function worldHook({ session, view, canvas, crowd, teach, busy, redraw, worldBuild }: WorldHookParts): WorldPageHook {
  return {
    ready: false,
    state: () => ({
      busy: busy(),
      width: session.width,
      height: session.height,
      levels: session.levels,
      floor: session.floor,
      version: session.version,
      start: session.start,
      goal: session.goal,
      found: session.path ? session.path.found : null,
      cost: session.path?.found ? session.path.cost : null,
      pathCells: Array.from(session.path?.cells ?? []),
      astar: session.astar ? { found: session.astar.found, cost: session.astar.found ? session.astar.cost : null, expanded: session.astar.expanded } : null,
      showAbove: view.showAbove,
      shadedAbove: view.shadedAbove,
      labels: view.labels.map((l) => ({ ...l })),
    }),
    standing: (z) => Array.from(session.floors.standing[z] ?? []),
    blocks: (z) => Array.from(session.floors.blocks[z] ?? []),
    reachable: (a, b) => session.planner?.isReachable(a, b) ?? false,
    change: (x, y, z, block) => {
      const problem = session.change({ x, y, z }, block);
      redraw();
      return problem;
    },
    worldVersion: () => session.world?.version ?? 0,
    crowd: () => crowd.figures(),
    crowdBuild: () => crowd.build(),
    worldBuild,
    frames: () => crowd.frames(),
    resetFrames: () => crowd.resetFrames(),
    startTrace: () => crowd.crowd()?.startTrace(),
    takeTrace: () => crowd.crowd()?.takeTrace() ?? [],
    teach: () => teach.state(),
    trace: () => {
      const { planner, start, goal } = session;
      if (!planner || !start || !goal) return null;
      const t = traceSearch(planner, start, goal);
      return {
        searches: t.searches.map((x) => ({ phase: x.phase, level: x.level, closed: x.closed.length / 3 })),
        refinedCells: t.refined.length / 3,
        pathCells: t.path.cells.length / 3,
        smoothingLines: t.smoothing.length,
        stats: { ...t.path.stats },
      };
    },
    agentCells: () => [...(crowd.crowd()?.crowd.agents() ?? [])].flatMap((a) => [a.cellX, a.cellY, a.cellZ, a.state === 'walking' ? 1 : 0]),
    cellCentre: (x, y) => {
      const c = view.cellCentre(x, y);
      const r = canvas.getBoundingClientRect();
      return { x: r.left + c.x, y: r.top + c.y };
    },
  };
}
