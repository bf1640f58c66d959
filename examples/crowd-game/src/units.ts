// The three unit types: each is an agent class of the one pool (its square's side and the terrain it
// may stand on), with its own speed, colour and starting place on den520d.
import type { AgentClass, Crowd, Point } from 'hpastar';

export interface UnitType {
  readonly name: string;
  /** The pool's agent class: hpastar plans for the whole `size` x `size` square (its top-left cell). */
  readonly agent: AgentClass;
  /** Cells per second. */
  readonly speed: number;
  readonly colour: string;
  readonly count: number;
  /** Where the group starts: open ground on den520d, the groups far enough apart to drag a box round each. */
  readonly spawn: Point;
}

export const UNIT_TYPES: readonly UnitType[] = [
  { name: 'infantry', agent: { size: 1, capability: 'ground' }, speed: 6, colour: '#e4572e', count: 16, spawn: { x: 40, y: 165 } },
  // Scouts are the only ones that cross the forests ('T'): their routes differ from the others'.
  { name: 'scout', agent: { size: 1, capability: 'ground,trees' }, speed: 9, colour: '#f3c623', count: 10, spawn: { x: 108, y: 160 } },
  // Tanks need a 2 x 2 square of open ground: no one-cell gap lets them through.
  { name: 'tank', agent: { size: 2, capability: 'ground' }, speed: 4.5, colour: '#3f88c5', count: 8, spawn: { x: 75, y: 172 } },
];

/** The agent classes the pool serves: one per unit type, in the same order. */
export const AGENT_CLASSES: readonly AgentClass[] = UNIT_TYPES.map((t) => t.agent);

/**
 * Adds every type's group around its spawn point, a cell apart (so that each starts alone on its
 * cells, as local avoidance wants), nearest the spawn first. Returns each new agent's type, by id.
 */
export function spawnUnits(crowd: Crowd): Map<number, UnitType> {
  const typeOf = new Map<number, UnitType>();
  for (const type of UNIT_TYPES) {
    const stride = type.agent.size + 1;
    const reach = Math.ceil(Math.sqrt(type.count)) + 3;
    const offsets: Point[] = [];
    for (let j = -reach; j <= reach; j++) for (let i = -reach; i <= reach; i++) offsets.push({ x: i * stride, y: j * stride });
    offsets.sort((a, b) => Math.hypot(a.x, a.y) - Math.hypot(b.x, b.y));
    let placed = 0;
    for (const o of offsets) {
      if (placed === type.count) break;
      const at = { x: type.spawn.x + o.x, y: type.spawn.y + o.y };
      if (at.x < 0 || at.y < 0 || !crowd.passable(at.x, at.y, type.agent)) continue;
      typeOf.set(crowd.addAgent(at, { agent: type.agent, speed: type.speed }), type);
      placed++;
    }
    if (placed < type.count) throw new Error(`only ${placed} of ${type.count} ${type.name} units found room near (${type.spawn.x}, ${type.spawn.y})`);
  }
  return typeOf;
}
