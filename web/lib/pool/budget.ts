/**
 * A budget of search threads shared by several pools ({@link createWorkerBudget}): pools made with
 * `{ budget }` together never run more than its `threads` of search work at once, whatever their number
 * and kind (grid or block world, copied or shared mode).
 *
 * How: a worker of a pool may be handed search jobs only while it holds a grant of the budget (1 thread
 * for a copied-mode worker, its N threads for a shared-mode one), taken when it goes from idle to busy and
 * given back when its last job answers. Grants are handed out first come, first served: a pool that asks
 * when none is free waits in one queue with the others, and a freed grant goes to the head of that queue,
 * never to the pool that freed it. While someone waits, a busy worker is handed no further job, so that it
 * soon frees its grant: a pool flooded with queries cannot starve the others.
 *
 * Each pool still has its own workers (idle ones cost memory, not time): the budget caps the threads that
 * search, not the workers that exist.
 * @module
 */
import { describe, integerIn } from '../args.ts';
import { defaultThreads } from './host.ts';

/** Options of {@link createWorkerBudget}. */
export interface WorkerBudgetOptions {
  /**
   * Search threads the pools on the budget may run at once: 1 to 64. Default: the cores
   * (`navigator.hardwareConcurrency`, in Node `os.availableParallelism()`) minus one for the page, at least 1.
   */
  readonly threads?: number;
}

/**
 * Threads of search work shared by several pools: give it to `createPathPool` and `createWorldPool` as
 * `{ budget }`. Made by {@link createWorkerBudget}.
 */
export interface WorkerBudget extends AsyncDisposable {
  /** Search threads its pools may run at once. */
  readonly threads: number;
  /** Threads running (or just handed) search jobs of its pools now: 0..threads. */
  readonly busy: number;
  /** The most threads that were busy at once since the budget was made. */
  readonly peak: number;
  /** Pools open on the budget (those starting included). */
  readonly pools: number;
  /** True once {@link WorkerBudget.close} was called. */
  readonly closed: boolean;
  /**
   * Closes every pool on the budget (their pending batches reject) and refuses new ones. Resolves once
   * their workers have ended. A budget whose pools were all closed one by one stays open for new pools.
   */
  close(): Promise<void>;
}

/**
 * @internal A pool's place on a budget (the scheduler's side): grants for its workers, one at a time.
 */
export interface BudgetShare {
  /**
   * A grant for one worker going from idle to busy: true when it is granted now (one handed to this pool
   * while it waited, or a free one while no pool waits). Otherwise the pool waits in the queue (once) and
   * is woken when a grant is handed to it.
   */
  take(): boolean;
  /** Gives back one grant: it goes to the pool at the head of the queue, if any. */
  give(): void;
  /** Whether another pool is waiting for a grant (a busy worker is then handed no further job). */
  readonly contended: boolean;
  /** Leaves the queue, giving back grants handed to this pool and not used (it has no job for them). */
  idle(): void;
  /** Leaves the budget for good (the pool closed or failed): the grants its workers hold are given back by the pool. */
  leave(): void;
}

/** What the budget knows of one pool. */
interface Member extends BudgetShare {
  /** Threads of one grant: 1 (copied mode) or the shared-mode worker's threads. */
  readonly cost: number;
  /** Grants handed to it while it waited, not yet used. */
  handed: number;
  waiting: boolean;
  /** Called (in a microtask) once a grant is handed to it. */
  readonly wake: () => void;
  /** Closes the pool (budget.close). */
  readonly close: () => Promise<void>;
}

class Budget implements WorkerBudget {
  readonly threads: number;
  #used = 0;
  #peak = 0;
  readonly #members = new Set<Member>();
  #queue: Member[] = [];
  #closing: Promise<void> | null = null;

  constructor(threads: number) {
    this.threads = threads;
  }

  get busy(): number {
    return this.#used;
  }

  get peak(): number {
    return this.#peak;
  }

  get pools(): number {
    return this.#members.size;
  }

  get closed(): boolean {
    return this.#closing !== null;
  }

  /**
   * A pool's share. `cost` threads per grant (at most {@link threads}: the caller checks); `wake` is told
   * when a grant is handed to it; `close` closes the pool (when the budget closes).
   * @throws Error - when the budget is closed
   */
  join(where: string, cost: number, wake: () => void, close: () => Promise<void>): BudgetShare {
    if (this.#closing) throw new Error(`${where}: the worker budget is closed (make a new one with createWorkerBudget)`);
    const budget = this;
    const member: Member = {
      cost,
      handed: 0,
      waiting: false,
      wake,
      close,
      take: () => budget.#take(member),
      give: () => budget.#give(member.cost),
      get contended() {
        return budget.#queue.length > (member.waiting ? 1 : 0);
      },
      idle: () => budget.#idle(member),
      leave: () => {
        budget.#idle(member);
        budget.#members.delete(member);
      },
    };
    this.#members.add(member);
    return member;
  }

  #take(member: Member): boolean {
    if (member.handed > 0) {
      member.handed--;
      return true;
    }
    if (this.#queue.length === 0 && this.#used + member.cost <= this.threads) {
      this.#use(member.cost);
      return true;
    }
    if (!member.waiting && this.#members.has(member)) {
      member.waiting = true;
      this.#queue.push(member);
    }
    return false;
  }

  #use(cost: number): void {
    this.#used += cost;
    if (this.#used > this.#peak) this.#peak = this.#used;
  }

  #give(cost: number): void {
    this.#used -= cost;
    this.#handOut();
  }

  /** Hands free threads to the pools at the head of the queue, in order (a head that needs more waits for them). */
  #handOut(): void {
    while (this.#queue.length > 0 && this.#used + this.#queue[0]!.cost <= this.threads) {
      const member = this.#queue.shift()!;
      member.waiting = false;
      member.handed++;
      this.#use(member.cost);
      // Later, not now: the pool that gave the grant back may be in the middle of handing out its own jobs.
      queueMicrotask(member.wake);
    }
  }

  #idle(member: Member): void {
    if (member.waiting) {
      member.waiting = false;
      this.#queue = this.#queue.filter((m) => m !== member);
    }
    const handed = member.handed;
    member.handed = 0;
    this.#used -= handed * member.cost;
    this.#handOut();
  }

  close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#closing = Promise.all([...this.#members].map((m) => m.close())).then(() => {});
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * Makes a budget of search threads for several pools: pools made with `{ budget }` never run more than
 * `threads` search jobs' worth of threads at once between them, and share them first come, first served,
 * so that one pool flooded with queries does not starve the others. A pool on a budget has, by default,
 * as many workers (or shared-mode threads) as the budget has threads.
 * @example
 * ```ts
 * const budget = await createWorkerBudget(); // cores - 1
 * const infantry = await createPathPool({ map, agent: { size: 1, capability: 'ground' }, budget });
 * const towers = await createWorldPool({ generate, budget });
 * await budget.close(); // closes both pools
 * ```
 * @returns a promise of the budget (Node's core count is read asynchronously)
 * @throws (as a rejection) TypeError for options that are not an object or an unknown option, RangeError
 *   for `threads` outside 1..64 or not an integer
 */
export async function createWorkerBudget(options: WorkerBudgetOptions = {}): Promise<WorkerBudget> {
  const where = 'createWorkerBudget';
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) if (key !== 'threads') throw new TypeError(`${where}: unknown option "${key}" (known: threads)`);
  const threads = integerIn(where, 'threads', options.threads ?? (await defaultThreads()), 1, 64);
  return new Budget(threads);
}

/**
 * @internal The budget of a pool's `budget` option: checked, and with room for one grant of `cost` threads.
 * @throws TypeError - not a budget; Error - a closed one; RangeError - a grant larger than the budget
 */
export function budgetOf(given: unknown, where: string): Budget | undefined {
  if (given === undefined) return undefined;
  if (!(given instanceof Budget)) throw new TypeError(`${where}: budget must be a WorkerBudget (made by createWorkerBudget), got ${describe(given)}`);
  if (given.closed) throw new Error(`${where}: the worker budget is closed (make a new one with createWorkerBudget)`);
  return given;
}

export type { Budget };
