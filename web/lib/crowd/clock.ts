/**
 * How a crowd counts time and distance. A free crowd (`Crowd.step`) counts seconds and cells as
 * floating-point numbers, by the frame times it is given. A lockstep crowd (`LockstepCrowd`) counts
 * whole ticks and distance in 1/{@link LOCKSTEP_UNITS} of a cell, integers: every sum is exact, so its state
 * after N ticks is the same on every machine whatever its frame rate.
 * @internal
 * @module
 */

/** Fixed-point units per cell of a lockstep crowd: a move's cost (1, √2, 2 for a climb) is rounded once to them (1024, 1448, 2048). */
export const LOCKSTEP_UNITS = 1024;

/** @internal What the crowd's walking and waiting read of time and distance. */
export interface CrowdClock {
  /** Time units per second: 1 (seconds), or ticks per second in lockstep. */
  readonly perSecond: number;
  /** `seconds` in time units (a threshold: in lockstep, whole ticks, rounded up). */
  time(seconds: number): number;
  /** A move of `cost` (1, √2, 2) as the length its step walks. */
  length(cost: number): number;
  /** How far an agent of `speed` cells per second walks in `dt` time units. */
  distance(speed: number, dt: number): number;
}

/** @internal The free crowd's clock: seconds and cells as given. */
export const FREE_CLOCK: CrowdClock = Object.freeze({
  perSecond: 1,
  time: (seconds: number) => seconds,
  length: (cost: number) => cost,
  distance: (speed: number, dt: number) => speed * dt,
});

/**
 * @internal A lockstep crowd's clock: a tick is its time unit, a cell {@link LOCKSTEP_UNITS} units. A speed
 * is rounded to whole units per tick (at least 1), so an agent walks the same integer distance every tick.
 */
export function lockstepClock(ticksPerSecond: number): CrowdClock {
  return Object.freeze({
    perSecond: ticksPerSecond,
    // The small margin keeps 0.4 s at 20 ticks per second 8 ticks, whatever the last bit of 0.4 * 20.
    time: (seconds: number) => Math.ceil(seconds * ticksPerSecond - 1e-9),
    length: (cost: number) => Math.round(cost * LOCKSTEP_UNITS),
    distance: (speed: number, dt: number) => Math.max(1, Math.round((speed * LOCKSTEP_UNITS) / ticksPerSecond)) * dt,
  });
}
