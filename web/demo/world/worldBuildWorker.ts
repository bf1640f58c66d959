// The Worlds page's hierarchy build, in a worker so that the page can draw its progress bar meanwhile (a
// build on the page's thread would hold it until the end): generates the world as the page does, builds
// its hierarchy telling the page every report, and sends the hierarchy's bytes, which the page loads.
import { loadHpastar, type BuildPhase, type WorldGenerateOptions, type WorldHierarchyOptions } from '../../lib/index';

/** What the page asks: the world to generate and the hierarchy's options. */
export interface WorldBuildRequest {
  readonly generate: WorldGenerateOptions;
  readonly options: WorldHierarchyOptions;
}

/** What the worker answers: reports while it builds, then the bytes (and the build's time) or the error. */
export type WorldBuildReply =
  | { type: 'progress'; phase: BuildPhase; done: number }
  | { type: 'built'; bytes: Uint8Array; ms: number }
  | { type: 'error'; message: string };

const post = (reply: WorldBuildReply, transfer: Transferable[] = []) => postMessage(reply, { transfer });

onmessage = async ({ data }: MessageEvent<WorldBuildRequest>) => {
  try {
    const hp = await loadHpastar();
    const t0 = performance.now();
    const world = hp.BlockWorld.generate(data.generate);
    try {
      const planner = hp.WorldHPAStar.build(world, data.options, { onProgress: ({ phase, done }) => post({ type: 'progress', phase, done }) });
      try {
        const bytes = planner.serialize();
        post({ type: 'built', bytes, ms: performance.now() - t0 }, [bytes.buffer as ArrayBuffer]);
      } finally {
        planner.dispose();
      }
    } finally {
      world.dispose();
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
