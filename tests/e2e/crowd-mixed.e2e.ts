// Mixed units: 2,000 agents of three classes (1 x 1, 2 x 2 and 3 x 3 squares; two capabilities), one pool
// serving the three (a hierarchy per class in its workers), in one package Crowd on AR0011SR in headless
// Chromium (the demo, cross-origin isolated, its pool in shared mode), a wall painted with the mouse every
// second for 10 s.
// Recorded, not asserted (they depend on the machine): the main thread's work per frame (the crowd's
// step and the canvas's draw, the demo's frame figures), the frame rate, the longest any agent with a
// goal stood still (sampled every 100 ms) and the agents each wall made plan again. Asserted: what must
// hold whatever the machine (the agents arrive, every agent stands where its class's square fits at
// every sample, walls re-plan some agents and never all of them).
// The second test runs the same crowd with local avoidance (the demo's avoid=1).
// Figures: test-results/e2e/crowd-mixed.json and crowd-mixed-avoid.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { ARTIFACTS, useBrowserPerFile, type Browser } from './browser';
import { measureCrowd } from './crowdRun';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page | undefined;

useBrowserPerFile((b) => (browser = b), () => page);

const AGENTS = 2000;
// Walls of 6 x 3 cells at places spread over the map (a fixed list: the same run every time).
const PLACES = [[150, 150], [250, 200], [350, 260], [180, 330], [300, 120], [120, 240], [400, 400], [260, 340], [200, 90], [330, 200]] as const;

test('2,000 agents of three classes on AR0011SR, a wall every second: frame time, stuck agents, misplaced squares and re-plans per wall are recorded', async () => {
  const run = await measureCrowd(browser, baseUrl, `?map=AR0011SR.map&algo=hpa2&mode=crowd&agents=${AGENTS}&units=mixed`, AGENTS, 'AR0011SR.map', PLACES);
  page = run.page;
  const { report } = run;
  writeFileSync(join(ARTIFACTS, 'crowd-mixed.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`mixed crowd on AR0011SR: ${JSON.stringify(report)}`);
  await page.screenshot({ path: join(ARTIFACTS, 'crowd-mixed.png') });
  expect(report.agents).toBe(AGENTS);
  expect(report.arrivals).toBeGreaterThan(0);
  expect(report.misplacedAgents).toBe(0);
  expect(report.replansPerWall.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  for (const n of report.replansPerWall) expect(n).toBeLessThan(AGENTS);
  expect(report.classes).toEqual(['size 1 ground,swamp,trees', 'size 2 ground,swamp', 'size 3 ground,swamp']);
});

test('the same with local avoidance (avoid=1): agents flagged passing through another and passes are recorded, every square where its class fits', async () => {
  await page?.close();
  const run = await measureCrowd(browser, baseUrl, `?map=AR0011SR.map&algo=hpa2&mode=crowd&agents=${AGENTS}&units=mixed&avoid=1`, AGENTS, 'AR0011SR.map', PLACES);
  page = run.page;
  const { report } = run;
  writeFileSync(join(ARTIFACTS, 'crowd-mixed-avoid.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`mixed crowd on AR0011SR with avoidance: ${JSON.stringify(report)}`);
  await page.screenshot({ path: join(ARTIFACTS, 'crowd-mixed-avoid.png') });
  expect(report.avoidance).toBe(true);
  expect(report.agents).toBe(AGENTS);
  expect(report.arrivals).toBeGreaterThan(0);
  expect(report.misplacedAgents).toBe(0);
  // Passes are the exception: most agents stand alone at every sample.
  expect(report.overlappingAgents).toBeLessThan(AGENTS / 2);
});
