// Every refusal of the module carries a status code (cpp/contract/Status.h, after Detour's dtStatus: a
// kind and detail bits), and the package chooses each Error class by that code, never by the message:
// BadArgument → TypeError, OutOfRange → RangeError, OutOfMemory → OutOfMemoryError, NoPath →
// PathQueryError (the detail bits name the endpoint), any other kind → Error. The thrown error keeps
// the code (`error.code`). OutOfMemoryError from a real heap exhaustion is in out-of-memory.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import {
  loadHpastar,
  OutOfMemoryError,
  PathQueryError,
  StatusDetail,
  StatusKind,
  statusDetailsOf,
  statusKindOf,
  type Hpastar,
  type StatusError,
  type StatusKindName,
} from '../../web/lib/index';
import { clusterBuild } from '../../web/lib/inspect';
import { errorOfFailure, failureOf, statusCode } from '../../web/lib/errors';
import { FAILURE_SEPARATOR, PATH_STATUS_CODES, PATH_STATUS_STATUS_CODES } from '../../web/lib/generated/contract';

let hp: Hpastar;
beforeAll(async () => {
  hp = await loadHpastar();
});

/** What `run` threw, which must be an Error with a numeric code. */
function thrownBy(run: () => unknown): StatusError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect(typeof (error as StatusError).code).toBe('number');
    return error as StatusError;
  }
  throw new Error('expected the call to throw');
}

const F = FAILURE_SEPARATOR;

describe('the class of an error is chosen by its code', () => {
  const classes: [StatusKindName, ErrorConstructor | RangeErrorConstructor | TypeErrorConstructor][] = [
    ['BadArgument', TypeError],
    ['OutOfRange', RangeError],
    ['BadBytes', Error],
    ['NotReady', Error],
    ['Unsupported', Error],
    ['Refused', Error],
  ];

  test.each(classes)('%s → %o, with the code', (kind, Class) => {
    // The same message for every kind: only the code differs, so only the code can choose.
    const error = errorOfFailure('where: the message', failureOf(`${statusCode(kind)}${F}the message`), Error);
    expect(error.constructor).toBe(Class);
    expect(error.message).toBe('where: the message');
    expect(statusKindOf(error.code)).toBe(kind);
    expect(Object.keys(error)).not.toContain('code');
  });

  test('OutOfMemory → OutOfMemoryError with the figures the failure carries as fields', () => {
    const text = [statusCode('OutOfMemory'), 'out of memory: the grid needs about 9 bytes', 'the grid', 9, 1, 64, 128].join(F);
    const error = errorOfFailure('Grid.fromTerrain: out of memory', failureOf(text), Error);
    expect(error).toBeInstanceOf(OutOfMemoryError);
    expect(error).toMatchObject({ what: 'the grid', bytesNeeded: 9, bytesFree: 1, heapBytes: 64, heapMaxBytes: 128 });
    expect(statusKindOf(error.code)).toBe('OutOfMemory');
  });

  test('a message that merely reads like another kind does not change the class', () => {
    const text = `${statusCode('OutOfRange')}${F}out of memory: the grid needs about 9 bytes`;
    const error = errorOfFailure('x', failureOf(text), Error);
    expect(error).not.toBeInstanceOf(OutOfMemoryError);
    expect(error).toBeInstanceOf(RangeError);
  });

  test('a failure without a code gets the class its call documents, and that class\'s kind', () => {
    expect(failureOf('plain message')).toEqual({ error: 'plain message' });
    const range = errorOfFailure('m', failureOf('plain message'), RangeError);
    expect(range).toBeInstanceOf(RangeError);
    expect(statusKindOf(range.code)).toBe('OutOfRange');
    const plain = errorOfFailure('m', failureOf('plain message'), Error);
    expect(plain.constructor).toBe(Error);
    expect(statusKindOf(plain.code)).toBe('Refused');
  });

  test('kinds and details are read from the generated contract', () => {
    const code = statusCode('NoPath', StatusDetail.Goal | StatusDetail.InvalidCell);
    expect(code >>> 24).toBe(StatusKind.NoPath);
    expect(statusDetailsOf(code)).toBe(StatusDetail.Goal | StatusDetail.InvalidCell);
    expect(statusKindOf(0)).toBe('Ok');
    expect(PATH_STATUS_STATUS_CODES[PATH_STATUS_CODES.Found]).toBe(0);
    expect(statusDetailsOf(PATH_STATUS_STATUS_CODES[PATH_STATUS_CODES.NoPath]) & StatusDetail.Unreachable).toBeTruthy();
  });
});

describe('the module\'s refusals carry their codes', () => {
  const grid = () => hp.Grid.fromMovingAI('type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n');

  test('an option out of range: RangeError, OutOfRange', () => {
    using g = grid();
    const error = thrownBy(() => hp.HPAStar.build(g, { clusterSize: 1 }));
    expect(error).toBeInstanceOf(RangeError);
    expect(statusKindOf(error.code)).toBe('OutOfRange');
    expect(error.message).toBe('HPAStar.build: cluster size 1 is outside 2..1024');
  });

  test('a map file that does not parse: Error, BadBytes, naming the file and line', () => {
    const error = thrownBy(() => hp.Grid.fromMovingAI('type octile\nheight 2\nwidth 3\nmap\n...\n..\n', 'bad.map'));
    expect(error.constructor).toBe(Error);
    expect(statusKindOf(error.code)).toBe('BadBytes');
    expect(error.message).toBe('bad.map:6: row 1 has 2 characters, header says width 3');
  });

  test('bytes that are not a hierarchy: Error, BadBytes', () => {
    const error = thrownBy(() => hp.HPAStar.load(new Uint8Array(0)));
    expect(error.constructor).toBe(Error);
    expect(statusKindOf(error.code)).toBe('BadBytes');
    expect(error.message).toMatch(/^HPAStar\.load: .*not an hpastar hierarchy/);
  });

  test('a world text that does not parse: Error, BadBytes', () => {
    const error = thrownBy(() => hp.BlockWorld.parse('', 'empty.world'));
    expect(statusKindOf(error.code)).toBe('BadBytes');
    expect(error.message).toBe('empty.world:1: empty file, expected "type octile"');
  });

  test('a blocked start or goal: PathQueryError, NoPath, the endpoint in the detail bits', () => {
    using g = grid();
    using planner = hp.HPAStar.build(g);
    const start = thrownBy(() => planner.findPath({ x: 1, y: 1 }, { x: 0, y: 0 }));
    expect(start).toBeInstanceOf(PathQueryError);
    expect(statusKindOf(start.code)).toBe('NoPath');
    expect(statusDetailsOf(start.code)).toBe(StatusDetail.Start | StatusDetail.InvalidCell);
    expect(start.message).toBe('start (1, 1) is outside the map or blocked');
    const goal = thrownBy(() => planner.findPath({ x: 0, y: 0 }, { x: 9, y: 0 }));
    expect(goal).toBeInstanceOf(PathQueryError);
    expect(statusDetailsOf(goal.code)).toBe(StatusDetail.Goal | StatusDetail.InvalidCell);
    expect(goal.message).toBe('goal (9, 0) is outside the map or blocked');
  });

  test('a plan from a blocked start: PathQueryError with the code', () => {
    using g = grid();
    using planner = hp.HPAStar.build(g);
    const error = thrownBy(() => planner.plan({ x: 2, y: 1 }, { x: 0, y: 0 }));
    expect(error).toBeInstanceOf(PathQueryError);
    expect(statusDetailsOf(error.code) & StatusDetail.Start).toBeTruthy();
  });

  test('a world query from outside the world: PathQueryError naming the start', () => {
    using world = hp.BlockWorld.generate({ kind: 'caves', size: { width: 16, height: 16, levels: 2 }, seed: 1 });
    using astar = new hp.WorldAStar();
    const error = thrownBy(() => astar.findPath(world, { x: -1, y: 0, z: 0 }, { x: 99, y: 0, z: 0 }));
    expect(error).toBeInstanceOf(PathQueryError);
    expect(statusKindOf(error.code)).toBe('NoPath');
    expect(statusDetailsOf(error.code)).toBe(StatusDetail.Start | StatusDetail.InvalidCell);
    expect(error.message).toMatch(/: start \(-1, 0, 0\) is outside the world/);
  });

  test('a cluster that the hierarchy does not have: RangeError, OutOfRange', () => {
    using g = grid();
    using planner = hp.HPAStar.build(g);
    const error = thrownBy(() => clusterBuild(planner, 99));
    expect(error).toBeInstanceOf(RangeError);
    expect(statusKindOf(error.code)).toBe('OutOfRange');
    expect(error.message).toMatch(/cluster 99 is not a level-1 cluster/);
  });
});
