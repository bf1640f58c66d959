/**
 * Agent classes as the planners that serve several name them: a class's canonical form (its terrain
 * names in the core's order), the class an option names among those served, and the `agent` option
 * taken out of a call's options. The pool ({@link PathPool}), {@link Planner} and the crowd use these.
 * @module
 */
import { describe } from './args.ts';
import { agentOf } from './haastar.ts';
import { TERRAIN } from './terrain.ts';
import type { Agent } from './types.ts';

/** An agent class as grids, planners and pools report it: a side and a comma list of terrain names, in the core's order. */
export interface AgentClass {
  readonly size: number;
  readonly capability: string;
}

/** The agent class a call is for: one of those the planner or pool serves (`{ size, capability }`, the names in any order). Default: the first. */
export interface AgentClassOption {
  readonly agent?: Agent;
}

/** @internal An agent class with its capability in the core's order ('trees,ground' is 'ground,trees'). */
export function normalizedAgent(agent: { size: number; capability: string }): AgentClass {
  const names = agent.capability.split(',').map((n) => n.trim());
  const order = (n: string) => TERRAIN.kinds.findIndex((k) => k.name === n);
  const capability = names.every((n) => order(n) >= 0) ? [...names].sort((a, b) => order(a) - order(b)).join(',') : agent.capability;
  return Object.freeze({ size: agent.size, capability });
}

/** @internal Whether two agent classes (normalized) are the same. */
export function sameAgentClass(a: AgentClass, b: AgentClass): boolean {
  return a.size === b.size && a.capability === b.capability;
}

/**
 * @internal The index in `served` of the class `given` names (its shape checked; default the first).
 * `holder` is what serves them ('pool'), `declaredIn` where classes are declared, for the error.
 * @throws TypeError - when `given` is not `{ size, capability }`
 * @throws RangeError - naming the class and those served, when none is it
 */
export function agentClassIndex(where: string, given: unknown, served: readonly AgentClass[], holder: string, declaredIn: string): number {
  if (given === undefined) return 0;
  const agent = normalizedAgent(agentOf(where, given));
  const index = served.findIndex((a) => sameAgentClass(a, agent));
  if (index >= 0) return index;
  const list = served.map((a) => `size ${a.size} ${a.capability}`).join('; ');
  throw new RangeError(`${where}: this ${holder} serves no agents of size ${agent.size} ${agent.capability} (it serves ${list}): declare the class in ${declaredIn}`);
}

/** @internal The `agent` of an options object, and the other options (undefined stays undefined; a non-object is left for the checks). */
export function withoutAgent<T>(options: T): { agent: unknown; rest: T } {
  if (typeof options !== 'object' || options === null || !('agent' in options)) return { agent: undefined, rest: options };
  const { agent, ...rest } = options as T & { agent: unknown };
  return { agent, rest: rest as T };
}

/** @internal The `agent` of options that take nothing else. */
export function agentOnly(options: unknown, where: string): unknown {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) if (key !== 'agent') throw new TypeError(`${where}: unknown option "${key}" (known: agent)`);
  return (options as { agent?: unknown }).agent;
}

/**
 * @internal A list of agent classes as an option gives them: each checked and normalized, none twice.
 * @throws TypeError - naming the option, an entry of the wrong shape, or the same class twice
 */
export function agentClassList(where: string, name: string, agents: unknown): AgentClass[] {
  if (!Array.isArray(agents) || agents.length === 0) throw new TypeError(`${where}: ${name} must be an array of one or more { size, capability }, got ${describe(agents)}`);
  const classes = agents.map((a: unknown, i) => normalizedAgent(agentOf(`${where}: ${name}[${i}]`, a)));
  classes.forEach((c, i) => {
    const first = classes.findIndex((d) => sameAgentClass(c, d));
    if (first !== i) throw new TypeError(`${where}: ${name}[${first}] and ${name}[${i}] are the same class (size ${c.size}, ${c.capability}): give each class once`);
  });
  return classes;
}
