/**
 * What the pool's host offers: Node or a browser page, shared memory (which shared mode needs), and
 * cores (which set the default number of workers).
 * @module
 */

export function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** Why shared mode cannot run here, or null when it can. */
export function sharedModeBlocker(): string | null {
  if (typeof SharedArrayBuffer === 'undefined') {
    return isNode() ? 'SharedArrayBuffer is not available' : 'the page is not cross-origin isolated (COOP/COEP headers): SharedArrayBuffer is not available';
  }
  if (!isNode() && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== true) {
    return 'crossOriginIsolated is false: the page needs COOP/COEP headers for shared memory';
  }
  return null;
}

/** The cores minus one (for the page or main thread), at least 1: the default threads of a worker budget. */
export async function defaultThreads(): Promise<number> {
  let cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  if (!cores && isNode()) {
    // A computed specifier keeps bundlers from pulling node:os into browser builds.
    const osName = 'node:os';
    const os = (await import(/* @vite-ignore */ osName)) as typeof import('node:os');
    cores = os.availableParallelism();
  }
  return Math.max(1, (cores ?? 2) - 1);
}

/** The cores minus one (for the page or main thread), at least 1 and at most 4: a pool's default workers. */
export async function defaultWorkers(): Promise<number> {
  return Math.min(4, await defaultThreads());
}
