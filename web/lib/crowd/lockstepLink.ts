/**
 * What joins a `LockstepCrowd` to the `Crowd` it drives: the crowd's fixed-point clock, whether
 * the lockstep is giving it orders now (it refuses orders given any other way, which would not be in
 * step on other machines), and the crowd's state hash. Given to the crowd under a symbol key, so that no
 * user option can name it; so is the crowd's throwing twin of `setTerrainCosts` ({@link SET_TERRAIN_COSTS}).
 * @internal
 * @module
 */
import { lockstepClock, type CrowdClock } from './clock.ts';

/** @internal The options key of a crowd's {@link LockstepLink}. */
export const LOCKSTEP_LINK = Symbol('hpastar.lockstepLink');

/**
 * @internal The key of the crowd's `setTerrainCosts` that throws what it refuses at once instead of
 * rejecting: a lockstep reports a refused order at its tick, the same on every machine.
 */
export const SET_TERRAIN_COSTS = Symbol('hpastar.crowd.setTerrainCosts');

/** @internal */
export class LockstepLink {
  readonly clock: CrowdClock;
  /** Set by the lockstep while it applies a tick's orders and steps: the crowd refuses orders otherwise. */
  driving = false;
  /** The crowd's state hash: the crowd given this link sets it (it alone reads its agents' fixed-point state). */
  stateHash: () => number = () => {
    throw new Error('LockstepLink: no crowd was made with this link');
  };

  constructor(readonly ticksPerSecond: number) {
    this.clock = lockstepClock(ticksPerSecond);
  }
}
