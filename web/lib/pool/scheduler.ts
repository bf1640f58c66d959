/**
 * The pool's jobs and terrain versions. A batch is cut into jobs, queued, and handed to the least busy
 * workers (at most {@link IN_FLIGHT} each); it settles once every job has answered, or rejects on its
 * signal's abort, a job's error or the pool's end. Edits reach a worker before the first job of their
 * version it is given, and only after every queued job of an older version was handed out (the rule
 * of protocol.ts), so a job never sees terrain change halfway.
 *
 * A worker that dies takes down only the batches that had a job on it ({@link Scheduler.remove}); a
 * replacement is added like any worker, starts at the version of the pool's source and is brought up
 * to date with the same edits as the others (not a fresh build, whose ties may differ). So that those
 * edits do not pile up for the pool's whole life, every {@link CHECKPOINT_EVERY} versions one worker
 * serializes its planner: the bytes become the source of later replacements, and the edits up to
 * their version are dropped. Planners with no serialized form (SHPA*, HAA*) keep every edit.
 * @module
 */
import type { RawUpdateStats, RawWorldUpdateStats } from 'hpastar:raw';
import type { LabelsMessage } from '../reachabilityView.ts';
import type { BudgetShare } from './budget.ts';
import type { JobPart } from './join.ts';
import type { CheckpointTakenMessage, EditedMessage, PlanMessage, PlannedMessage, ReachedMessage, ReachMessage, ResultMessage, SearchMessage, TerrainChange } from './protocol.ts';
import type { WorkerHandle } from './spawn.ts';

/** The answer of one job: a part of a search batch or of a plan batch, or a reachability answer. */
type JobResult = ResultMessage | PlannedMessage | ReachedMessage;

/** A batch of searches or plans, cut into jobs; settled once every job has answered. */
interface BatchState {
  /** The method that made it, for error messages: `'PathPool.findPaths'`. */
  readonly where: string;
  /** The message that gives a worker one job of this batch (every job of a batch names one version). */
  message(job: number, version: number, queries: Int32Array): SearchMessage | PlanMessage | ReachMessage;
  readonly parts: JobPart<JobResult>[];
  remaining: number;
  settled: boolean;
  /** Joins the parts (all there) and resolves the batch's promise. */
  complete(): void;
  reject(error: unknown): void;
}

interface Job {
  readonly id: number;
  readonly batch: BatchState;
  readonly first: number;
  readonly version: number;
  readonly queries: Int32Array;
}

/** A worker and what the scheduler knows of it. */
export interface Slot {
  readonly worker: WorkerHandle;
  /** How errors name it: `'worker 2'`, `'the shared-mode worker'`. */
  readonly label: string;
  /** The version the worker holds once the messages sent so far are handled. */
  version: number;
  /** The version it confirmed. */
  acked: number;
  readonly inFlight: Map<number, Job>;
  heapBytes: number;
  /** It holds a grant of the pool's budget (from its first job in flight to its last answer). */
  granted: boolean;
}

/**
 * What a worker answers an edit with, as the module gave it, one per agent class of the pool (the pool
 * turns them into its update's figures).
 */
type RawRebuilt = (RawUpdateStats | RawWorldUpdateStats)[];

interface Update {
  readonly version: number;
  /** What the first worker to reach the version rebuilt (every worker rebuilds the same clusters). */
  rebuilt?: RawRebuilt;
  /** With labels asked for: per agent class, the labels of what the version rebuilt (null for other planners). */
  labels?: (LabelsMessage | null)[];
  resolve(update: { version: number; rebuilt: RawRebuilt }): void;
  reject(error: unknown): void;
}

/** Jobs a worker holds at once: one running, one waiting, so it never idles between jobs. */
const IN_FLIGHT = 2;

/**
 * Versions between checkpoints. A checkpoint costs one worker a serialization (milliseconds to tens of
 * milliseconds on large maps, off the main thread); the log it keeps short holds at most this many
 * edits, whatever the pool's age.
 */
export const CHECKPOINT_EVERY = 64;

/** A checkpoint asked of a worker, not answered yet. */
interface CheckpointAsked {
  readonly slot: Slot;
  readonly version: number;
}

export class Scheduler {
  readonly #slots: Slot[] = [];
  #queue: Job[] = [];
  readonly #batches = new Set<BatchState>();
  #updates: Update[] = [];
  /** Edits of versions after this one ask for labels (askLabels); none while no view was asked for. */
  #labelsAfter = Infinity;
  /** Changes of every version after the source's: a replacement worker replays them all. */
  readonly #edits = new Map<number, TerrainChange>();
  #version: number;
  /** The version of the pool's source (what a replacement worker is made from). */
  #startVersion: number;
  /** Versions between checkpoints; 0 for planners with no serialized form. */
  readonly #checkpointEvery: number;
  /** The version from which the next checkpoint is asked for. */
  #checkpointAt: number;
  #checkpointAsked: CheckpointAsked | null = null;
  /** Workers that died and whose replacements have not joined: no checkpoint is taken meanwhile. */
  #replacing = 0;
  #nextJob = 1;
  readonly #jobSize: number;
  #stopped = false;
  /** The pool's place on a worker budget: a worker is handed jobs only while it holds a grant. */
  #share: BudgetShare | null = null;
  /** Threads of one worker (its grant's size): 1, or the shared-mode worker's threads. */
  #threadsPerWorker = 1;

  /**
   * @param jobSize - queries per job at most (smaller batches are spread over every worker)
   * @param version - the terrain version the workers start at: the core's version of the planner
   *   they load (one counter, from the hierarchy's build to the pool's edits)
   * @param checkpointEvery - versions between checkpoints ({@link CHECKPOINT_EVERY}); 0 when the
   *   planner has no serialized form
   */
  constructor(jobSize: number, version: number, checkpointEvery: number) {
    this.#jobSize = jobSize;
    this.#version = version;
    this.#startVersion = version;
    this.#checkpointEvery = checkpointEvery;
    this.#checkpointAt = version + checkpointEvery;
  }

  get slots(): readonly Slot[] {
    return this.#slots;
  }

  /**
   * Puts the pool's workers on a budget: from now on a worker is handed jobs only while it holds one of
   * its grants (`threadsPerWorker` threads each). Made before any job is queued.
   */
  useBudget(share: BudgetShare, threadsPerWorker: number): void {
    this.#share = share;
    this.#threadsPerWorker = threadsPerWorker;
  }

  /** Hands out what a grant handed to the pool (the budget's wake) lets it. */
  resume(): void {
    this.#pump();
  }

  /** Threads of the pool's workers with jobs in flight (handed out and not answered): what searches now, or soon. */
  get busyThreads(): number {
    let busy = 0;
    for (const slot of this.#slots) if (slot.inFlight.size > 0) busy += this.#threadsPerWorker;
    return busy;
  }

  /** Hears {@link Scheduler.busyThreads} after each hand-out (for tests: every rise happens there). */
  onBusy: ((threads: number) => void) | null = null;

  /** The newest terrain version. */
  get version(): number {
    return this.#version;
  }

  /**
   * From now on, every edit is answered with the labels of what it rebuilt (for main-thread views): the
   * versions after the one returned carry them, so a view of that version can follow every later one.
   */
  askLabels(): number {
    this.#labelsAfter = Math.min(this.#labelsAfter, this.#version);
    return this.#version;
  }

  /** Hears the labels of each version that carries them, in version order, as its update resolves. */
  onLabels: ((version: number, labels: readonly (LabelsMessage | null)[]) => void) | null = null;

  /** The version of the source replacements start from, and the edits kept after it. */
  get log(): { startVersion: number; edits: number } {
    return { startVersion: this.#startVersion, edits: this.#edits.size };
  }

  /**
   * Takes a new worker, which starts at the version of the pool's source (later ones are sent to it).
   * @param replacement - it replaces a worker that died ({@link Scheduler.remove})
   */
  add(worker: WorkerHandle, label: string, replacement = false): Slot {
    if (replacement) this.#replacing--;
    const start = this.#startVersion;
    const slot: Slot = { worker, label, version: start, acked: start, inFlight: new Map(), heapBytes: 0, granted: false };
    this.#slots.push(slot);
    this.#pump();
    return slot;
  }

  /**
   * Drops a worker that died: every batch with a job on it rejects with `error(where)` (its other jobs
   * are dropped), and nothing more is sent to it. Batches with no job on it go on with the others.
   * The jobs are not handed to another worker: the one that died may have died of them, and would take
   * the next one down too.
   */
  remove(slot: Slot, error: (where: string) => Error): void {
    const at = this.#slots.indexOf(slot);
    if (at < 0) return;
    this.#slots.splice(at, 1);
    this.#replacing++;
    if (this.#checkpointAsked?.slot === slot) this.#checkpointAsked = null;
    for (const job of slot.inFlight.values()) this.#settle(job.batch, error(job.batch.where));
    slot.inFlight.clear();
    this.#release(slot);
    this.#resolveUpdates();
    this.#pump();
  }

  /**
   * Cuts a batch of packed queries (`stride` numbers each: 4 on grids, 6 on block worlds) into jobs for
   * the newest version, queues them, and settles with `join` of the jobs' answers (in any order), or
   * rejects on abort, a job's error or {@link Scheduler.stop}.
   */
  runBatch<T>(
    packed: Int32Array,
    signal: AbortSignal | undefined,
    where: string,
    message: BatchState['message'],
    join: (parts: BatchState['parts']) => T,
    stride = 4,
  ): Promise<T> {
    const count = packed.length / stride;
    const version = this.#version;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => this.#settle(batch, signal!.reason);
      const batch: BatchState = {
        where,
        message,
        parts: [],
        remaining: 0,
        settled: false,
        complete: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(join(batch.parts));
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Small batches are spread over every worker; large ones cut at jobSize.
      const size = Math.max(1, Math.min(this.#jobSize, Math.ceil(count / (this.#slots.length * IN_FLIGHT))));
      for (let first = 0; first < count; first += size) {
        const n = Math.min(size, count - first);
        this.#queue.push({ id: this.#nextJob++, batch, first, version, queries: packed.slice(stride * first, stride * (first + n)) });
        batch.remaining++;
      }
      this.#batches.add(batch);
      this.#pump();
    });
  }

  /**
   * Makes the next terrain version from a change (edits: not empty); batches started from now on run
   * on it.
   * @returns a promise of the new version and what it rebuilt (as the first worker's module answered),
   *   resolved once every worker has confirmed it
   */
  update(change: TerrainChange): Promise<{ version: number; rebuilt: RawRebuilt }> {
    const version = ++this.#version;
    this.#edits.set(version, change);
    return new Promise((resolve, reject) => {
      this.#updates.push({ version, resolve, reject });
      this.#pump();
    });
  }

  /** A job's answer: joined into its batch, which settles with its last one. */
  answered(slot: Slot, message: JobResult): void {
    slot.heapBytes = message.heapBytes;
    const job = slot.inFlight.get(message.job);
    slot.inFlight.delete(message.job);
    if (slot.inFlight.size === 0) this.#release(slot);
    if (job && !job.batch.settled) {
      job.batch.parts.push({ first: job.first, result: message });
      if (--job.batch.remaining === 0) this.#settle(job.batch, null);
    }
    this.#pump();
  }

  /** A job's error: its batch rejects. */
  failed(slot: Slot, id: number, error: string): void {
    const job = slot.inFlight.get(id);
    slot.inFlight.delete(id);
    if (slot.inFlight.size === 0) this.#release(slot);
    if (job) this.#settle(job.batch, new Error(`${job.batch.where}: ${error}`));
    this.#pump();
  }

  /** A worker holds a new version: updates every worker holds resolve, and their edits are dropped. */
  edited(slot: Slot, message: EditedMessage): void {
    slot.acked = message.version;
    slot.heapBytes = message.heapBytes;
    const update = this.#updates.find((u) => u.version === message.version);
    if (update) update.rebuilt ??= message.updates;
    if (update && message.labels) update.labels ??= message.labels;
    this.#resolveUpdates();
    this.#pump();
  }

  /**
   * A worker's checkpoint. True when the pool is to make replacements from its bytes from now on: it is
   * the one asked for, and no replacement is starting (one would replay edits from the older source).
   * The edits up to its version are then dropped. Otherwise (or when it failed) the next one is asked
   * for after another {@link CHECKPOINT_EVERY} versions.
   */
  checkpointed(slot: Slot, message: CheckpointTakenMessage): boolean {
    slot.heapBytes = message.heapBytes;
    const asked = this.#checkpointAsked;
    if (!asked || asked.slot !== slot || asked.version !== message.version) return false;
    this.#checkpointAsked = null;
    const taken = 'bytes' in message && this.#replacing === 0 && !this.#stopped;
    if (taken) {
      for (let v = this.#startVersion + 1; v <= message.version; v++) this.#edits.delete(v);
      this.#startVersion = message.version;
    }
    this.#checkpointAt = Math.max(this.#version, message.version) + this.#checkpointEvery;
    return taken;
  }

  /** Asks the worker furthest ahead for a checkpoint, once one is due. */
  #askCheckpoint(): void {
    if (this.#checkpointEvery === 0 || this.#checkpointAsked || this.#replacing > 0) return;
    let slot: Slot | undefined;
    for (const s of this.#slots) if (!slot || s.version > slot.version) slot = s;
    if (!slot || slot.version < this.#checkpointAt) return;
    this.#checkpointAsked = { slot, version: slot.version };
    slot.worker.post({ type: 'checkpoint', version: slot.version });
  }

  /** Resolves the updates that every worker holds (none while no worker is there to hold them). */
  #resolveUpdates(): void {
    if (this.#slots.length === 0) return;
    const everywhere = Math.min(...this.#slots.map((s) => s.acked));
    this.#updates = this.#updates.filter((u) => {
      if (u.version > everywhere) return true;
      if (u.labels) this.onLabels?.(u.version, u.labels);
      u.resolve({ version: u.version, rebuilt: u.rebuilt! });
      return false;
    });
  }

  /** Rejects every pending batch and update with `error`, and hands out nothing more. */
  stop(error: Error): void {
    this.#stopped = true;
    this.#queue = [];
    // The workers are ended with the pool: what they hold of the budget is free now.
    for (const slot of this.#slots) this.#release(slot);
    this.#share?.leave();
    for (const batch of [...this.#batches]) this.#settle(batch, error);
    for (const update of this.#updates) update.reject(error);
    this.#updates = [];
  }

  /** Hands out queued jobs, and brings workers to newer terrain versions when nothing older is queued. */
  #pump(): void {
    if (this.#stopped) return;
    const oldestQueued = this.#queue[0]?.version ?? Infinity;
    for (const slot of this.#slots) {
      if (slot.version < this.#version && oldestQueued > slot.version) {
        this.#sendEdits(slot, Math.min(this.#version, oldestQueued));
      }
    }
    while (this.#queue.length > 0) {
      const slot = this.#pickSlot();
      if (!slot) break;
      const job = this.#queue.shift()!;
      if (slot.version < job.version) this.#sendEdits(slot, job.version);
      slot.inFlight.set(job.id, job);
      slot.worker.post(job.batch.message(job.id, job.version, job.queries), [job.queries.buffer as ArrayBuffer]);
    }
    // Nothing more to hand out now: stop waiting for grants (or give back one handed and not used).
    if (this.#share && (this.#queue.length === 0 || !this.#slots.some((s) => s.inFlight.size === 0))) this.#share.idle();
    this.onBusy?.(this.busyThreads);
    this.#askCheckpoint();
  }

  /**
   * The worker to hand the next job: the least busy with room. On a budget, an idle worker first needs a
   * grant; without one, a worker that holds one may take a second job, unless another pool waits for a
   * grant (it then hands its grant on once its jobs have answered).
   */
  #pickSlot(): Slot | undefined {
    let slot: Slot | undefined;
    for (const s of this.#slots) {
      if (s.inFlight.size < IN_FLIGHT && (!slot || s.inFlight.size < slot.inFlight.size)) slot = s;
    }
    const share = this.#share;
    if (!slot || !share) return slot;
    if (slot.granted) return share.contended ? undefined : slot;
    if (share.take()) {
      slot.granted = true;
      return slot;
    }
    if (share.contended) return undefined;
    let held: Slot | undefined;
    for (const s of this.#slots) {
      if (s.granted && s.inFlight.size < IN_FLIGHT && (!held || s.inFlight.size < held.inFlight.size)) held = s;
    }
    return held;
  }

  /** Gives back a worker's grant (it has no job in flight any more). */
  #release(slot: Slot): void {
    if (!slot.granted) return;
    slot.granted = false;
    this.#share?.give();
  }

  #sendEdits(slot: Slot, target: number): void {
    for (let v = slot.version + 1; v <= target; v++) slot.worker.post({ type: 'edit', version: v, change: this.#edits.get(v)!, labels: v > this.#labelsAfter });
    slot.version = target;
  }

  /** Resolves a batch (error null) or rejects it, dropping its queued jobs. */
  #settle(batch: BatchState, error: unknown): void {
    if (batch.settled) return;
    batch.settled = true;
    this.#batches.delete(batch);
    if (error !== null) {
      this.#queue = this.#queue.filter((job) => job.batch !== batch);
      batch.reject(error);
      this.#pump(); // the queue head may have changed: workers may move to a newer version
      return;
    }
    batch.complete();
  }
}
