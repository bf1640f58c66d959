/**
 * Starting the pool's workers: a worker thread in Node or a module Web Worker in browsers, behind one
 * {@link WorkerHandle}; its first answer (`ready`, or why it could not start); and the `init` messages
 * that have every worker make its planner, built once.
 * @module
 */
import type { HaaOptions, HierarchyOptions, ShpaOptions } from '../types.ts';
import type { WorldHierarchyOptions } from '../world.ts';
import type { RawFailure } from '../errors.ts';
import { isNode } from './host.ts';
import { lifelockPrefix, lifelocksAvailable, watchLifelock } from './lifelock.ts';
import type { ErrorMessage, FromWorker, HierarchySource, InitMessage, PoolMode, ProgressMessage, ReadyMessage, ThreadMessage, ToWorker, WorkerPlanner } from './protocol.ts';

/** A worker as the pool sees it, in browsers and Node alike. */
export interface WorkerHandle {
  post(message: ToWorker, transfer?: ArrayBuffer[]): void;
  terminate(): Promise<void>;
}

/**
 * A failure while the pool starts; `stage` says whether the module or the build failed, `failure` what
 * the module answered (its status code, in the message or beside it).
 */
export class StartError extends Error {
  readonly stage: ErrorMessage['stage'];
  readonly failure: string | RawFailure;
  constructor(message: string, stage: ErrorMessage['stage'], failure: string | RawFailure = message) {
    super(message);
    this.stage = stage;
    this.failure = failure;
  }
}

// Kept in a variable so that bundlers do not treat the Node branch as a second worker entry.
const WORKER_FILE = './worker.mjs';

async function spawnWorker(onMessage: (m: FromWorker) => void, onFailure: (e: Error) => void): Promise<WorkerHandle> {
  if (isNode()) {
    const name = 'node:worker_threads';
    const { Worker: NodeWorker } = (await import(/* @vite-ignore */ name)) as typeof import('node:worker_threads');
    const worker = new NodeWorker(new URL(WORKER_FILE, import.meta.url));
    let ending = false;
    let exited = false;
    // Shared mode: a search thread's end is heard here, on its lifeline, not from the worker, whose
    // own thread waits for the dead one in a batch and will never answer again.
    const watchThread = ({ thread, lifeline }: ThreadMessage) => {
      let exitCode: number | undefined;
      let reason: string | undefined;
      lifeline.on('message', (m: { exitCode?: number; reason?: string }) => {
        exitCode ??= m.exitCode;
        reason ??= m.reason;
      });
      lifeline.on('close', () => {
        const terminated = exitCode === undefined && reason === undefined;
        const how = terminated ? 'was terminated' : `exited with code ${exitCode ?? 1}`;
        // A thread that exits or traps is reported at once. One that was terminated most likely went
        // with the worker itself, whose exit may be heard after the lifelines close: a grace (on this
        // failure path only) lets the worker's own reason be the one reported.
        setTimeout(() => {
          if (!ending && !exited) onFailure(new Error(`its search thread ${thread} ${how}${reason ? ` after ${reason}` : ''}`));
        }, terminated ? 500 : 0).unref();
      });
      lifeline.unref(); // must not keep Node running once the pool is closed
    };
    worker.on('message', (message: FromWorker) => (message.type === 'thread' ? watchThread(message) : onMessage(message)));
    worker.on('error', (error) => onFailure(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => {
      exited = true;
      if (!ending) onFailure(new Error(`it exited with code ${code}`));
    });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      terminate: async () => {
        ending = true;
        await worker.terminate();
      },
    };
  }
  // The worker is named after the Web Lock it holds while it lives (lifelock.ts).
  const lifelock = lifelocksAvailable() ? lifelockPrefix() : undefined;
  // The literal `new Worker(new URL(...), { type: 'module' })` is what Vite and other bundlers look for.
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), { type: 'module', name: lifelock });
  let ending = false;
  const stopWatching: (() => void)[] = [];
  const fail = (error: Error) => {
    if (!ending) onFailure(error);
  };
  // Watched from its `ready` on: it takes its lock when it starts, its threads when the module loads.
  const watch = (ready: ReadyMessage) => {
    if (!lifelock) return;
    stopWatching.push(watchLifelock(lifelock, () => fail(new Error('it ended (closed or terminated)'))));
    (ready.lifelocks ?? []).forEach((name, thread) => {
      const ended = (reason: string | undefined) => fail(new Error(`its search thread ${thread} ${reason ? `failed: ${reason}` : 'was terminated'}`));
      stopWatching.push(watchLifelock(name, ended));
    });
  };
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    if (event.data.type === 'ready') watch(event.data);
    onMessage(event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(new Error(event.message || 'a pool worker failed to start'));
  };
  worker.onmessageerror = () => fail(new Error('a pool worker sent a message that could not be read'));
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ?? []),
    terminate: async () => {
      ending = true;
      for (const stop of stopWatching) stop();
      worker.terminate();
    },
  };
}

/** Where a started worker's messages go, before and after its `ready`. */
export interface WorkerListener {
  /** Its answer to `init`, heard before {@link StartingWorker.ready} resolves. */
  ready(message: ReadyMessage): void;
  /** Every message after `ready`. */
  message(message: FromWorker): void;
  /** The progress of its build, before `ready`. */
  progress?(message: ProgressMessage): void;
  /** A failure after `ready` (one before rejects {@link StartingWorker.ready}). */
  failure(error: Error): void;
}

export interface StartingWorker {
  readonly worker: WorkerHandle;
  /** Settles with the worker's first answer to `init`, or its failure (a {@link StartError}). */
  readonly ready: Promise<ReadyMessage>;
}

/** Starts one worker; it makes no planner until {@link initWorkers} sends it `init`. */
export async function startWorker(listener: WorkerListener): Promise<StartingWorker> {
  let resolveReady!: (m: ReadyMessage) => void;
  let rejectReady!: (e: Error) => void;
  const ready = new Promise<ReadyMessage>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // observed by initWorkers; a failure before init must not be unhandled
  let started = false;
  const worker = await spawnWorker(
    (message) => {
      if (started) return listener.message(message);
      if (message.type === 'progress') return listener.progress?.(message);
      if (message.type === 'ready') {
        started = true;
        listener.ready(message);
        resolveReady(message);
      } else if (message.type === 'error') {
        const failure = message.code === undefined ? message.message : { error: message.message, code: message.code, figures: message.figures };
        rejectReady(new StartError(message.message, message.stage, failure));
      }
    },
    (error) => (started ? listener.failure(error) : rejectReady(new StartError(error.message, 'load'))),
  );
  return { worker, ready };
}

/** What every worker makes its planner from (each is sent its own copy of `source`). */
export interface PlannerSpec {
  readonly mode: PoolMode;
  /** Search threads of the one worker (shared mode); 1 in copied mode. */
  readonly threads: number;
  readonly planner: WorkerPlanner;
  readonly options: HierarchyOptions | ShpaOptions | HaaOptions | WorldHierarchyOptions;
  readonly source: HierarchySource;
  /** The worker that builds (the first) posts its progress (the pool has an `onProgress`). */
  readonly progress: boolean;
  /** heuristicRefresh 'with-edits'. */
  readonly refreshWithEdits: boolean;
  /** Every worker posts its background refresh's progress (the pool has an `onRefreshProgress`). */
  readonly refreshProgress: boolean;
}

/**
 * Has every worker make its planner, and resolves once each is ready. Built once: from terrain, the
 * first worker builds and serializes the hierarchy, and the others load the bytes (they load the
 * module meanwhile); bytes of a planner go to every worker. SHPA*, HAA* and block worlds have no bytes: every
 * worker builds it from the terrain or the world (in copied mode, after the first one has succeeded).
 * @returns what a replacement worker is to be made from: the bytes the first worker made, or the source
 * @throws (as a rejection) the first {@link StartError}
 */
export async function initWorkers(workers: readonly StartingWorker[], spec: PlannerSpec, loading?: () => void): Promise<HierarchySource> {
  const init = (starting: StartingWorker, source: HierarchySource, serialize: boolean, progress = false) => {
    const message: InitMessage = {
      type: 'init', protocol: 14, mode: spec.mode, threads: spec.threads, planner: spec.planner, options: spec.options, source, serialize, progress,
      refreshWithEdits: spec.refreshWithEdits, refreshProgress: spec.refreshProgress,
    };
    const data = source.kind === 'terrain' ? [source.terrain, ...(source.layer ? [source.layer] : [])] : source.kind === 'hierarchy' ? source.bytes : [];
    starting.worker.post(message, data.map((array) => array.buffer as ArrayBuffer));
    return starting.ready;
  };
  // Each init transfers its buffer: every worker gets a copy (a world's text is copied by postMessage).
  const copy = (source: HierarchySource): HierarchySource =>
    source.kind === 'terrain'
      ? { ...source, terrain: source.terrain.slice(), ...(source.layer ? { layer: source.layer.slice() } : {}) }
      : source.kind === 'hierarchy'
        ? { kind: 'hierarchy', bytes: source.bytes.map((b) => b.slice()) }
        : source;
  let source = spec.source;
  let pending = workers;
  if (source.kind !== 'hierarchy') {
    const serialize = workers.length > 1 && spec.planner === 'hpa';
    const first = await init(workers[0]!, copy(source), serialize, spec.progress);
    if (serialize) source = { kind: 'hierarchy', bytes: first.bytes! };
    pending = workers.slice(1);
    if (pending.length > 0) loading?.();
  }
  await Promise.all(pending.map((w) => init(w, copy(source), false)));
  return source;
}
