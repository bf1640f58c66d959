// Turns the raw module's answers into the API's PathResult, and its failures into errors.
import type { RawPathResult, RawSearchStats, RawTracedPath } from 'hpastar:raw';
import { text } from './args.ts';
import { describeFailure } from './internal.ts';
import type { PathResult, Point, SearchStats, TracedPath } from './types.ts';

/** Thrown by a query that cannot run, such as a start or goal on a blocked cell or outside the map. */
export class PathQueryError extends Error {
  /** The core's status, e.g. `'start is outside the map or blocked'`. */
  readonly status: string;

  /**
   * @param status - the core's status
   * @param message - the message, naming the cell
   */
  constructor(status: string, message: string) {
    super(text('PathQueryError', 'message', message));
    text('PathQueryError', 'status', status);
    this.name = 'PathQueryError';
    this.status = status;
  }
}

const NO_STATS: SearchStats = Object.freeze({ expandedInsertion: 0, expandedMain: 0, expandedRefinement: 0, abstractPathNodes: 0 });

/** Copies raw statistics into a frozen {@link SearchStats}. */
export function statsOf(raw: RawSearchStats | undefined): SearchStats {
  if (!raw) return NO_STATS;
  return Object.freeze({
    expandedInsertion: raw.expandedInsertion,
    expandedMain: raw.expandedMain,
    expandedRefinement: raw.expandedRefinement,
    abstractPathNodes: raw.abstractPathNodes,
  });
}

/** The sum of the phases. */
export function totalExpanded(s: SearchStats): number {
  return s.expandedInsertion + s.expandedMain + s.expandedRefinement;
}

/**
 * A raw answer as a {@link PathResult}; throws {@link PathQueryError} when the query could not run
 * (start or goal invalid) and Error when the call itself failed.
 */
export function pathResultOf(raw: RawPathResult, start: Point, goal: Point): PathResult {
  if (raw.error !== undefined) throw new Error(raw.error);
  const stats = statsOf(raw.stats);
  const expanded = raw.expanded ?? totalExpanded(stats);
  if (raw.status === 'found') {
    return { found: true, status: 'found', cost: raw.cost ?? 0, cells: raw.cells ?? new Int32Array(0), stats, expanded };
  }
  if (raw.status === 'no path') {
    return { found: false, status: 'no path', cost: Infinity, cells: new Int32Array(0), stats, expanded };
  }
  throw new PathQueryError(raw.status, describeFailure(raw.status, start, goal));
}

/**
 * A raw traced answer as a {@link TracedPath}; throws as {@link pathResultOf} does, and Error naming
 * `where` when the call itself failed.
 */
export function tracedPathOf(raw: RawTracedPath | { error: string }, start: Point, goal: Point, where: string): TracedPath {
  if ('error' in raw) throw new Error(`${where}: ${raw.error}`);
  const path = pathResultOf(raw.path, start, goal);
  const searches = raw.searches.map((s) => Object.freeze({ phase: s.phase, level: s.level, closed: s.closed, open: s.open }));
  const smoothing = raw.smoothing.map((r) => Object.freeze({ from: r.from, to: r.to, line: r.line }));
  return Object.freeze({ path, searches: Object.freeze(searches), refined: raw.refined, segmentEnds: raw.segmentEnds, segmentSearchEnds: raw.segmentSearchEnds, smoothing: Object.freeze(smoothing) });
}
