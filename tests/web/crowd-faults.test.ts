// The crowd when a worker of its pool dies (the pool replaces it and goes on): the queries that were on
// it reject with an error naming the worker. Such a failure says nothing about the goal: agents ask
// again instead of being told their goal is unreachable. Faults come through the pool's internal hook
// (injectPoolFault), as in pool-faults.test.ts.
import { expect, test } from 'vitest';
import { createPathPool, Crowd, parseMovingAIMap, type CrowdEvent } from '../../web/lib/index';
import { injectPoolFault } from '../../web/lib/pool/index';

const TEXT = 'type octile\nheight 6\nwidth 8\nmap\n........\n.@@@@@..\n......@.\n.@@...@.\n.@....@.\n........\n';

async function frames(crowd: Crowd, until: (events: CrowdEvent[]) => boolean, limit: number): Promise<CrowdEvent[]> {
  const events: CrowdEvent[] = [];
  for (let frame = 0; frame < limit && !until(events); frame++) {
    events.push(...crowd.step(1 / 10));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return events;
}

test('a flow field lost with a dead worker is asked again: its followers arrive, none is told its goal is unreachable', async () => {
  await using pool = await createPathPool({ map: TEXT, workers: 1, mode: 'copied' });
  const crowd = new Crowd({ pool, map: parseMovingAIMap(TEXT), speed: 8, flowFieldAgents: 2 });
  const goal = { x: 7, y: 5 };
  for (const at of [{ x: 0, y: 0 }, { x: 0, y: 2 }]) crowd.addAgent(at, { goal });
  // The worker exits before the field's job reaches it: that job rejects naming it, the pool replaces it.
  await injectPoolFault(pool, 0, { fault: 'exit', code: 3 });
  const events = await frames(crowd, (e) => e.filter((x) => x.type === 'arrived' || x.type === 'unreachable').length === 2, 600);
  expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
  expect(events.filter((e) => e.type === 'arrived').length).toBe(2);
  expect(pool.closed).toBe(false);
  expect(crowd.stats.fields).toBeGreaterThanOrEqual(2); // the lost one, then the one followed
});

test('a blocked shared goal is still reported unreachable at once (the pool refuses it: not a failure to retry)', async () => {
  await using pool = await createPathPool({ map: TEXT, workers: 1, mode: 'copied' });
  const crowd = new Crowd({ pool, map: parseMovingAIMap(TEXT), speed: 8, flowFieldAgents: 2 });
  for (const at of [{ x: 0, y: 0 }, { x: 0, y: 2 }]) crowd.addAgent(at, { goal: { x: 2, y: 1 } });
  const events = await frames(crowd, (e) => e.filter((x) => x.type === 'unreachable').length === 2, 300);
  expect(events.filter((e) => e.type === 'unreachable').map((e) => e.type === 'unreachable' && e.reason)).toEqual([
    'PathPool.flowField: goal (2, 1) is blocked (terrain \'@\')',
    'PathPool.flowField: goal (2, 1) is blocked (terrain \'@\')',
  ]);
  expect(crowd.stats.fields).toBe(1);
});

test('plans lost with a dead worker are asked again: the agents arrive', async () => {
  await using pool = await createPathPool({ map: TEXT, workers: 1, mode: 'copied' });
  const crowd = new Crowd({ pool, map: parseMovingAIMap(TEXT), speed: 8, flowFieldAgents: Infinity });
  for (const at of [{ x: 0, y: 0 }, { x: 0, y: 2 }]) crowd.addAgent(at, { goal: { x: 7, y: 5 } });
  await injectPoolFault(pool, 0, { fault: 'exit', code: 3 });
  const events = await frames(crowd, (e) => e.filter((x) => x.type === 'arrived' || x.type === 'unreachable').length === 2, 600);
  expect(events.filter((e) => e.type === 'unreachable')).toEqual([]);
  expect(events.filter((e) => e.type === 'arrived').length).toBe(2);
  expect(crowd.stats.plans).toBeGreaterThanOrEqual(4); // the lost batch of two, then two answered
});
