// The phases of a clicked path's search, as the Worlds page steps through them: traceSearch of
// hpastar/inspect runs the same query once more with every search recorded, and each phase keeps what
// the trace says of it (the searches it ran, their expanded and generated nodes, the path it leaves).
// The captions show the trace's figures only (and, with any-angle lines asked for, the lines' own).
import { traceSearch, type TracedSearch, type TracedWorldPath } from '../../lib/inspect';
import type { Voxel, WorldHPAStar, WorldPathResult } from '../../lib/index';

export type WorldPhase = 'insertion' | 'abstract' | 'refinement' | 'smoothing';
export const WORLD_PHASES: readonly WorldPhase[] = ['insertion', 'abstract', 'refinement', 'smoothing'];

/** One phase of the trace: its searches, its counts and the path (x, y, z triples) it leaves. */
export interface PhaseStep {
  readonly phase: WorldPhase;
  readonly searches: readonly TracedSearch[];
  /** Nodes the phase's searches expanded (the sum of their closed sets). */
  readonly expanded: number;
  /** Nodes on the path the phase leaves: the abstract path's nodes, or the cells of the refined or smoothed path. */
  readonly pathNodes: number;
  /** Cells to draw as the phase's path, x, y, z each (none for insertion). */
  readonly path: Int32Array;
  /** The refined path, x, y, z each (what smoothing starts from). */
  readonly refined: Int32Array;
  /** Smoothing's straight lines, x, y, z each (smoothing only). */
  readonly lines: readonly Int32Array[];
  readonly caption: string;
}

const closedCount = (searches: readonly TracedSearch[]) => searches.reduce((n, s) => n + s.closed.length / 3, 0);
const levelsOf = (searches: readonly TracedSearch[]) => [...new Set(searches.map((s) => s.level))].sort((a, b) => a - b);
/** What the searches ran over: "cells" (level 0), "the level-1 graph", ... */
const overWhat = (searches: readonly TracedSearch[]) => levelsOf(searches).map((l) => (l === 0 ? 'cells' : `the level-${l} graph`)).join(', ') || 'nothing';

// The abstract path's node cells: the refined path's cell at the start and at each segment's end.
function abstractNodes(trace: TracedWorldPath): Int32Array {
  const { refined, segmentEnds } = trace;
  if (refined.length === 0) return new Int32Array(0);
  const ends = [0, ...segmentEnds];
  return Int32Array.from(ends.flatMap((i) => [refined[3 * i]!, refined[3 * i + 1]!, refined[3 * i + 2]!]));
}

// Ends within one box's reach of each other are joined by one A* over the cells, no hierarchy (the way
// through the boxes' transitions can be several times longer there): the four steps say so, the A* shown
// in the first.
function directSteps(trace: TracedWorldPath, direct: readonly TracedSearch[]): PhaseStep[] {
  const { path } = trace;
  const cells = path.cells.length / 3, expanded = closedCount(direct);
  const step = (phase: WorldPhase, searches: readonly TracedSearch[], n: number, drawn: Int32Array, caption: string): PhaseStep => ({
    phase, searches, expanded: n, pathNodes: drawn.length / 3, path: drawn, refined: trace.refined, lines: [], caption,
  });
  return [
    step('insertion', direct, expanded, new Int32Array(0),
      `Start and goal lie within one box's reach of each other: one A* over the cells joins them, no hierarchy (through the boxes' transitions the way could be far longer): ${expanded} cells expanded.`),
    step('abstract', [], 0, new Int32Array(0), 'No abstract search: the A* found the path.'),
    step('refinement', [], 0, path.cells, `Nothing to refine: the A*'s path, ${cells} cells.`),
    step('smoothing', [], 0, path.cells, `Nothing to smooth: the A*'s path is a shortest one, ${cells} cells, cost ${path.cost.toFixed(2)}.`),
  ];
}

/**
 * The four phases of the trace of the query start → goal on `planner`; with `lines` (the same query's
 * any-angle answer, when the page asks for one), the last step says how the path became those lines.
 */
export function phaseSteps(planner: WorldHPAStar, start: Voxel, goal: Voxel, lines: WorldPathResult | null = null): { trace: TracedWorldPath; steps: PhaseStep[] } {
  const { trace, steps } = cellSteps(planner, start, goal);
  const last = steps.at(-1);
  if (!lines?.found || !last) return { trace, steps };
  const shaped = ` Then string pulling and tightening turn it into ${lines.cells.length / 3} corners joined by straight lines on each floor (the climbs, stairs and ladders kept): length ${lines.cost.toFixed(2)}, the path drawn.`;
  return { trace, steps: [...steps.slice(0, -1), { ...last, caption: last.caption + shaped }] };
}

function cellSteps(planner: WorldHPAStar, start: Voxel, goal: Voxel): { trace: TracedWorldPath; steps: PhaseStep[] } {
  const trace = traceSearch(planner, start, goal);
  const { path } = trace;
  const direct = trace.searches.filter((s) => s.phase === 'astar');
  if (direct.length > 0) return { trace, steps: directSteps(trace, direct) };
  const insertion = trace.searches.filter((s) => s.phase === 'insertion');
  const abstract = trace.searches.filter((s) => s.phase === 'abstract');
  const refinement = trace.searches.filter((s) => s.phase === 'refinement');
  const nIns = closedCount(insertion), nAbs = closedCount(abstract), nRef = closedCount(refinement);
  const refinedCells = trace.refined.length / 3, pathCells = path.cells.length / 3;
  const top = levelsOf(abstract).at(-1) ?? planner.options.levels;
  const steps: PhaseStep[] = [
    {
      phase: 'insertion', searches: insertion, expanded: nIns, pathNodes: 0, path: new Int32Array(0), refined: trace.refined, lines: [],
      caption: `Insertion joins the start and the goal to the nodes of their boxes, level by level: ${insertion.length} searches (over ${overWhat(insertion)}), ${nIns} nodes expanded.`,
    },
    {
      phase: 'abstract', searches: abstract, expanded: nAbs, pathNodes: path.stats.abstractPathNodes, path: abstractNodes(trace), refined: trace.refined, lines: [],
      caption: `Abstract search over the level-${top} graph: ${nAbs} nodes expanded, an abstract path of ${path.stats.abstractPathNodes} nodes.`,
    },
    {
      phase: 'refinement', searches: refinement, expanded: nRef, pathNodes: refinedCells, path: trace.refined, refined: trace.refined, lines: [],
      caption: `Refinement turns the abstract path's ${trace.segmentEnds.length} segments into cells from stored paths: ${nRef} nodes expanded, ${refinedCells} cells.`,
    },
    {
      phase: 'smoothing', searches: [], expanded: 0, pathNodes: pathCells, path: path.cells, refined: trace.refined, lines: trace.smoothing.map((s) => s.line),
      caption: `Smoothing puts ${trace.smoothing.length} straight lines where the refined path bends: ${pathCells} cells, cost ${path.found ? path.cost.toFixed(2) : '–'}.`,
    },
  ];
  return { trace, steps };
}
