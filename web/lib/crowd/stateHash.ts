/**
 * A 32-bit FNV-1a hash of a crowd's agents, to compare two machines' crowds tick by tick: every field
 * that decides where an agent goes next (its cell, the step under way and its integer progress, its
 * state, its goal), agent by agent in id order.
 * @internal
 * @module
 */
import type { Mover } from './avoidance.ts';

/** @internal An agent's state as it is hashed. */
export type HashedAgent = Pick<Mover, 'id' | 'cellX' | 'cellY' | 'cellZ' | 'stepping' | 'nextX' | 'nextY' | 'nextZ' | 'state' | 'target'> & {
  readonly progress: number;
  readonly stepLength: number;
  readonly overlapping: boolean;
};

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** The states' codes in the hash. */
const STATE_CODES: Readonly<Record<string, number>> = { idle: 0, planning: 1, walking: 2, following: 3, stopped: 4 };

/** Mixes the 4 bytes of a 32-bit integer into `hash`. */
function mix(hash: number, value: number): number {
  let h = hash;
  for (let shift = 0; shift < 32; shift += 8) h = Math.imul(h ^ ((value >>> shift) & 0xff), FNV_PRIME);
  return h >>> 0;
}

/** @internal The hash of `agents` (given in id order), their positions integers (a lockstep crowd's fixed point). */
export function stateHash(agents: Iterable<HashedAgent>): number {
  let h = FNV_OFFSET;
  for (const a of agents) {
    h = mix(mix(mix(mix(h, a.id), a.cellX), a.cellY), a.cellZ);
    h = a.stepping ? mix(mix(mix(mix(mix(h, a.nextX), a.nextY), a.nextZ), a.progress), a.stepLength) : mix(h, -1);
    h = mix(mix(h, STATE_CODES[a.state] ?? 255), a.overlapping ? 1 : 0);
    const t = a.target;
    h = t ? mix(mix(mix(h, t.x), t.y), t.z) : mix(h, -1);
  }
  return h;
}
