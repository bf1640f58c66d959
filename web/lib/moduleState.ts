// Whether one started WebAssembly module can still be used. After an Emscripten abort() (a failed
// allocation: the heap could not grow) or a trap, the module's memory and stack are in whatever state
// the stopped call left them, and the runtime would go on answering from them: so every call into the
// module goes through its ModuleState, which refuses once the module has stopped, naming the call and
// the first cause. One per module instance, made where the module is started (index.ts, inline.ts).

/** Advice that every "stopped" message ends with. */
const RESTART = 'load a new module with loadHpastar() (objects of this one cannot be used any more)';

export class ModuleState {
  /** The first cause of the stop, as the module or the trap gave it. */
  #stopped: string | null = null;

  /** True once the module aborted or trapped. */
  get stopped(): boolean {
    return this.#stopped !== null;
  }

  /**
   * Records a stop: Emscripten's `onAbort` (its reason, e.g. "out of memory: could not allocate ..."),
   * or a trap seen by {@link ModuleState.call}. The first cause is kept.
   */
  stop(cause: string): void {
    this.#stopped ??= cause || 'abort() without a reason';
  }

  /** Throws, naming `where`, once the module has stopped. */
  check(where: string): void {
    if (this.#stopped !== null) {
      throw new Error(`${where}: the hpastar WebAssembly module stopped earlier (${this.#stopped}); ${RESTART}`);
    }
  }

  /**
   * Runs a call into the module: refused once the module has stopped; a trap or abort during it stops
   * the module and becomes an Error saying what was running and why it stopped.
   */
  call<T>(where: string, run: () => T): T {
    this.check(where);
    try {
      return run();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      // abort(what) throws "Aborted(what). Build with -s ASSERTIONS=1 ..."; keep what the module said.
      const said = /^Aborted\((.*)\)/s.exec(error.message)?.[1];
      this.stop(said ?? error.message);
      throw new Error(`${where}: the hpastar WebAssembly module stopped (${this.#stopped}); ${RESTART}`, { cause: error });
    }
  }
}
