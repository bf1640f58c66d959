// Turns the raw module's answers into the API's PathResult, and its failures into errors.
import type { RawPathResult, RawSearchStats } from 'hpastar:raw';
import { text } from './args.ts';
import { errorOfFailure, statusCode, statusDetailsOf, statusKindOf, withCode } from './errors.ts';
import { STATUS_DETAILS } from './generated/contract.ts';
import { describeFailure, moduleError } from './internal.ts';
import type { PathResult, Point, SearchStats } from './types.ts';

/**
 * Thrown by a query that cannot run, such as a start or goal on a blocked cell or outside the map: the
 * module's status code of kind `'NoPath'` chooses it. `code`'s detail bits say which endpoint
 * (`STATUS_DETAILS.Start`, `STATUS_DETAILS.Goal`) and why (`STATUS_DETAILS.InvalidCell`).
 */
export class PathQueryError extends Error {
  /** The core's status, e.g. `'start is outside the map or blocked'`. */
  readonly status: string;
  /** The module's status code (see `statusKindOf`, `statusDetailsOf`); not enumerable, as `name` is. */
  declare readonly code: number;

  /**
   * @param status - the core's status
   * @param message - the message, naming the cell
   * @param code - the module's status code (a NoPath code without details by default)
   */
  constructor(status: string, message: string, code = statusCode('NoPath')) {
    super(text('PathQueryError', 'message', message));
    text('PathQueryError', 'status', status);
    this.name = 'PathQueryError';
    this.status = status;
    withCode(this, code);
  }
}

/**
 * How a path answer's status code ends a query: `'found'`, `'no path'` (valid endpoints, nothing joins
 * them), or `'refused'` (a {@link PathQueryError} for an invalid endpoint, another error for other kinds).
 */
export function pathOutcomeOf(code: number): 'found' | 'no path' | 'refused' {
  const kind = statusKindOf(code);
  if (kind === 'Ok') return 'found';
  return kind === 'NoPath' && statusDetailsOf(code) & STATUS_DETAILS.Unreachable ? 'no path' : 'refused';
}

/**
 * The error of a path answer whose status stops the query: a {@link PathQueryError} naming the endpoint
 * for a code of kind NoPath, the class another kind chooses otherwise. `message` is the error's message.
 */
export function pathQueryError(raw: { status: string; code: number }, message: string): Error {
  if (statusKindOf(raw.code) !== 'NoPath') return errorOfFailure(message, { error: raw.status, code: raw.code });
  return new PathQueryError(raw.status, message, raw.code);
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
 * (start or goal invalid) and Error when the call itself failed, its message after `where` when given.
 */
export function pathResultOf(raw: RawPathResult, start: Point, goal: Point, where?: string): PathResult {
  if (raw.error !== undefined) {
    throw errorOfFailure(where ? `${where}: ${raw.error}` : raw.error, { error: raw.error, code: raw.code });
  }
  const stats = statsOf(raw.stats);
  const expanded = raw.expanded ?? totalExpanded(stats);
  const outcome = pathOutcomeOf(raw.code);
  if (outcome === 'found') {
    return { found: true, status: 'found', cost: raw.cost ?? 0, cells: raw.cells ?? new Int32Array(0), stats, expanded };
  }
  if (outcome === 'no path') {
    return { found: false, status: 'no path', cost: Infinity, cells: new Int32Array(0), stats, expanded };
  }
  throw pathQueryError(raw, describeFailure(raw.code, raw.status, start, goal));
}
