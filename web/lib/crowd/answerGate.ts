/**
 * Holds a lockstep crowd's pool answers back until the tick they are due: a query asked at tick t is
 * handed to the crowd at the start of tick t + delay, with every other answer due then, in the order
 * they were asked, whenever the pool answered. The crowd's callbacks then run in an order fixed by that
 * and by its code (the same on every machine), all before the tick moves the agents: the crowd sees the
 * same answers at the same ticks everywhere, however fast its workers are. An answer not in when its
 * tick comes is waited for.
 *
 * Why the pool and not the crowd's callbacks: the crowd is written once for free and lockstep crowds and
 * asks its pool for plans, segments, fields and updates in one way; a gated pool (a proxy whose methods'
 * promises settle when released) leaves that code as it is.
 * @internal
 * @module
 */

/** An answer of the pool, kept until its tick. */
interface HeldAnswer {
  readonly due: number;
  /** Settles once the pool answered: the outcome is kept in `settle`'s closure. */
  readonly arrived: Promise<void>;
  /** Hands the pool's outcome to the crowd. */
  release: () => void;
}

/** Resolves after the tasks queued now (answers' callbacks and their chains) have run. */
function afterQueuedTasks(): Promise<void> {
  // setImmediate (Node) comes without setTimeout's clamp to a millisecond; a browser has setTimeout.
  const later = (globalThis as { setImmediate?: (run: () => void) => void }).setImmediate ?? ((run: () => void) => setTimeout(run, 0));
  return new Promise((resolve) => later(resolve));
}

/** @internal */
export class AnswerGate {
  readonly #delay: number;
  /** Answers not yet released, in the order asked. */
  readonly #held: HeldAnswer[] = [];
  /** The tick now: queries asked now are due at `tick + delay`. */
  #tick = 0;
  readonly #gated = new WeakMap<object, object>();

  constructor(delayTicks: number) {
    this.#delay = delayTicks;
  }

  /** Answers held, not yet handed to the crowd. */
  get held(): number {
    return this.#held.length;
  }

  /**
   * `pool` with every method that returns a promise gated: its promise settles when released at its
   * tick. Other members are the pool's own (its version, whether it is closed). One proxy per pool, so
   * that the crowd's maps keyed by pool see one object.
   */
  gate<T extends object>(pool: T): T {
    const known = this.#gated.get(pool);
    if (known) return known as T;
    const proxy = new Proxy(pool, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? this.#hold(result) : result;
        };
      },
    });
    this.#gated.set(pool, proxy);
    return proxy;
  }

  /**
   * Tick `tick` starts: waits for every answer due by then, hands them to the crowd in the order asked,
   * and resolves once their callbacks ran. Queries asked from now on are due at `tick + delay`.
   */
  async release(tick: number): Promise<void> {
    this.#tick = tick;
    for (;;) {
      // Ticks only grow, so the answers due are the oldest asked: a prefix (nothing allocated on a tick without any).
      let count = 0;
      while (count < this.#held.length && this.#held[count]!.due <= tick) count++;
      if (count === 0) return;
      const due = this.#held.splice(0, count);
      await Promise.all(due.map((h) => h.arrived));
      for (const h of due) h.release();
      await afterQueuedTasks();
    }
  }

  #hold<T>(answer: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const held: HeldAnswer = {
        due: this.#tick + this.#delay,
        arrived: answer.then(
          (value) => {
            held.release = () => resolve(value);
          },
          (error: unknown) => {
            held.release = () => reject(error);
          },
        ),
        release: () => {
          throw new Error('AnswerGate: an answer released before it arrived');
        },
      };
      this.#held.push(held);
    });
  }
}
