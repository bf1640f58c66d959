/**
 * Joins the answers of a batch's jobs, which arrive in any order, into the arrays of one batch, in
 * query order.
 * @module
 */
import type { PathBatchArrays } from '../batch.ts';
import type { PlanBatchArrays } from '../planBatch.ts';
import type { PlannedMessage, ResultMessage } from './protocol.ts';

/** One job's answer and the index of its first query in the batch. */
export interface JobPart<R> {
  readonly first: number;
  readonly result: R;
}

/** Fills `out` with one array of the jobs' answers (`stride` numbers per query), in query order. */
function joinPerQuery<A extends Uint8Array | Uint32Array | Int32Array | Float64Array, R>(out: A, parts: readonly JobPart<R>[], of: (result: R) => A, stride = 1): A {
  for (const { first, result } of parts) out.set(of(result), stride * first);
  return out;
}

/**
 * Joins per-job runs of cells (offsets into the job's own cells) into one run for the batch: the
 * offsets of the `count` queries, rebased, and the cells (`size` numbers each: 2 on grids, 3 in block
 * worlds), in query order.
 */
function joinRuns(
  parts: readonly { first: number; offsets: Uint32Array; cells: Int32Array }[],
  count: number,
  size = 2,
): { offsets: Uint32Array; cells: Int32Array } {
  const offsets = new Uint32Array(count + 1);
  let total = 0;
  for (const { cells } of parts) total += cells.length / size;
  const cells = new Int32Array(total * size);
  let base = 0;
  for (const part of parts) {
    const n = part.offsets.length - 1;
    for (let i = 0; i < n; i++) offsets[part.first + i] = base + part.offsets[i]!;
    cells.set(part.cells, base * size);
    base += part.cells.length / size;
  }
  offsets[count] = base;
  return { offsets, cells };
}

/** Joins the answers of a search batch's jobs (none: an empty batch), in query order; cells of `cellSize` numbers. */
export function joinSearches(unordered: JobPart<ResultMessage>[], count: number, cellSize = 2): PathBatchArrays {
  const parts = unordered.sort((a, b) => a.first - b.first);
  if (parts.length === 1) return parts[0]!.result;
  const status = joinPerQuery(new Uint8Array(count), parts, (r) => r.status);
  const cost = joinPerQuery(new Float64Array(count), parts, (r) => r.cost);
  const expanded = joinPerQuery(new Uint32Array(count), parts, (r) => r.expanded);
  const { offsets, cells } = joinRuns(parts.map(({ first, result }) => ({ first, offsets: result.offsets, cells: result.cells })), count, cellSize);
  if (!parts.every(({ result }) => result.searched && result.snapped)) return { status, cost, expanded, offsets, cells };
  const searched = joinPerQuery(new Int32Array(2 * cellSize * count), parts, (r) => r.searched!, 2 * cellSize);
  const snapped = joinPerQuery(new Uint8Array(count), parts, (r) => r.snapped!);
  return { status, cost, expanded, offsets, cells, searched, snapped };
}

/** Joins the answers of a plan batch's jobs (none: an empty batch), in query order; cells of `cellSize` numbers. */
export function joinPlans(unordered: JobPart<PlannedMessage>[], count: number, cellSize = 2): PlanBatchArrays {
  const parts = unordered.sort((a, b) => a.first - b.first);
  if (parts.length === 1) return parts[0]!.result;
  const status = joinPerQuery(new Uint8Array(count), parts, (r) => r.status);
  const expanded = joinPerQuery(new Uint32Array(count), parts, (r) => r.expanded);
  const segments = joinPerQuery(new Uint32Array(count), parts, (r) => r.segments);
  const waypoints = joinRuns(parts.map(({ first, result }) => ({ first, offsets: result.waypointOffsets, cells: result.waypoints })), count, cellSize);
  const firstSegments = joinRuns(
    parts.map(({ first, result }) => ({ first, offsets: result.firstSegmentOffsets, cells: result.firstSegments })),
    count,
    cellSize,
  );
  return {
    status,
    expanded,
    segments,
    waypointOffsets: waypoints.offsets,
    waypoints: waypoints.cells,
    firstSegmentOffsets: firstSegments.offsets,
    firstSegments: firstSegments.cells,
  };
}
