/**
 * Browsers: hearing that a worker ended, whatever ended it. A Web Worker that closes itself or is
 * terminated fires no event, and a search thread's events go to a worker that is blocked waiting for
 * it. So each of the pool's workers, and each search thread of a shared-mode worker, holds a Web Lock
 * named after it for as long as it lives (worker.mts; ThreadLifelock.pre.js for threads), and the pool
 * asks for the same lock: the browser grants it when the holder ends. A thread that traps says why on
 * a BroadcastChannel of the same name before it closes. Node has lifelines instead (node-shim.mts).
 * @module
 */

/** The Web Locks API as the pool uses it (declared here: the package's typings must not need the DOM's). */
interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => void): Promise<unknown>;
  query(): Promise<{ held?: readonly { name?: string }[] }>;
}

function lockManager(): LockManagerLike | undefined {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
}

/** Whether this host can watch workers by their locks (browsers with the Web Locks API). */
export function lifelocksAvailable(): boolean {
  return lockManager() !== undefined && typeof BroadcastChannel === 'function';
}

/** A name no other pool of this origin uses (locks are shared by every page of an origin). */
export function lifelockPrefix(): string {
  return `hpastar-pool-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

// How long the holder may take to take its lock (a worker loading its module first), and how long a
// dead thread's reason may take to arrive after its lock is released.
const TAKE_LIMIT_MS = 60_000;
const POLL_MS = 25;
const REASON_GRACE_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `onEnd` once the holder of lock `name` ends: with the reason it gave, if any. Waits first for
 * the holder to take the lock (asking before would be granted at once); a holder that never takes it
 * within a minute is not watched. Returns the function that stops watching (for an end the pool caused).
 */
export function watchLifelock(name: string, onEnd: (reason: string | undefined) => void): () => void {
  const locks = lockManager();
  if (!locks || typeof BroadcastChannel !== 'function') return () => {};
  const stop = new AbortController();
  const channel = new BroadcastChannel(name);
  let reason: string | undefined;
  channel.onmessage = (event: MessageEvent<unknown>) => (reason ??= String(event.data));
  const watch = async () => {
    for (let waited = 0; ; waited += POLL_MS) {
      const { held = [] } = await locks.query();
      if (held.some((lock) => lock.name === name)) break;
      if (stop.signal.aborted || waited >= TAKE_LIMIT_MS) return;
      await sleep(POLL_MS);
    }
    await locks.request(name, { signal: stop.signal }, () => {});
    if (stop.signal.aborted) return;
    await sleep(REASON_GRACE_MS);
    if (!stop.signal.aborted) onEnd(reason);
  };
  // An abort (the pool stopped watching) rejects the request: nothing to report.
  watch()
    .catch(() => {})
    .finally(() => channel.close());
  return () => stop.abort();
}
