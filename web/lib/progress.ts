/**
 * Progress of long builds, for loading screens: what `onProgress` hears and how a build is cancelled.
 * @module
 */
import type { RawProgress } from 'hpastar:raw';
import type { BUILD_PHASES } from './generated/contract.ts';
import { describe } from './internal.ts';

/**
 * The phases of a build, in order: HPA*'s scan of the cluster borders (a block world's: of its boxes'
 * regions and borders, `'entrances'`), the clusters' searches or DHPA* trees (`'clusters'`), the levels
 * above, the connected components, the landmarks and the distance table (a refresh of the heuristics
 * has only these two); in a pool, `'load'` while the other workers load what the first one built (a
 * block world's: build theirs).
 */
export type BuildPhase = (typeof BUILD_PHASES)[number] | 'load';

/** How far a build is. */
export interface BuildProgress {
  readonly phase: BuildPhase;
  /** The share of the whole build done, from 0 to 1, never going back; 1 once, at the end. */
  readonly done: number;
}

/** Options of a build that are not the planner's: who hears its progress. */
export interface BuildControl {
  /**
   * Called about every percent of the build, and at each phase's start. Return `false` to cancel the
   * build: it then throws a DOMException named `'AbortError'`. An exception it throws cancels the build
   * too, and is thrown again by the build.
   */
  readonly onProgress?: (progress: BuildProgress) => boolean | void;
}

/** Options of a terrain change that are not the edits: who hears the rebuild's progress. */
export interface EditControl {
  /**
   * Hears how far the rebuild is: the phases `'clusters'`, `'levels'`, `'components'` (edits touching half
   * of the clusters or more build the hierarchy afresh: a build's phases, without the heuristics), about
   * every percent, 1 once at the end. Progress only: an edit cannot be cancelled (the grid is changed
   * before the rebuild, which must then run to its end), so what it returns is ignored. An exception it
   * throws stops it being told more, and is thrown again once the edit is made.
   */
  readonly onProgress?: (progress: BuildProgress) => void;
}

/**
 * The module's callback for a build, or null when nobody listens: it never throws into the module
 * (the listener's exception is kept), and it maps the share of one part to the whole (`first` and
 * `span`: a class of a planner of several).
 */
export class ProgressRelay {
  readonly #listener: ((progress: BuildProgress) => boolean | void) | undefined;
  #thrown: { error: unknown } | null = null;
  #cancelled = false;

  readonly #cancellable: boolean;

  /** `cancellable` false: an edit's, which the listener's answer never stops ({@link EditControl}). */
  constructor(where: string, control: BuildControl | EditControl | undefined, cancellable = true) {
    const noun = cancellable ? 'build' : 'edit';
    if (control !== undefined && (typeof control !== 'object' || control === null)) {
      throw new TypeError(`${where}: the ${noun} control must be an object ({ onProgress }), got ${describe(control)}`);
    }
    for (const key of Object.keys(control ?? {})) {
      if (key !== 'onProgress') throw new TypeError(`${where}: unknown ${noun} control "${key}" (known: onProgress)`);
    }
    this.#cancellable = cancellable;
    const listener = control?.onProgress;
    if (listener !== undefined && typeof listener !== 'function') throw new TypeError(`${where}: onProgress must be a function, got ${describe(listener)}`);
    this.#listener = listener;
  }

  /** The callback the module calls for a part spanning [first, first + span) of the whole. */
  part(first = 0, span = 1): RawProgress | null {
    const listener = this.#listener;
    if (!listener) return null;
    return (phase, done) => {
      if (this.#cancelled) return false;
      try {
        const answer = listener(Object.freeze({ phase: phase as BuildPhase, done: first + span * done }));
        this.#cancelled = this.#cancellable && answer === false;
      } catch (error) {
        this.#thrown = { error };
        this.#cancelled = true;
      }
      return !this.#cancelled;
    };
  }

  /** After the module's build: throws what the listener threw, or an AbortError when it cancelled. */
  rethrow(where: string): void {
    if (this.#thrown) throw this.#thrown.error;
    if (this.#cancelled) throw new DOMException(`${where}: cancelled by onProgress`, 'AbortError');
  }
}
