// The Crowd section of the block world page: starts and stops a crowd on the world on screen, runs it
// frame by frame (moving, then drawing), and measures what each frame costs the main thread.
import { noBuildFigures, showBuild, type BuildFigures } from '../buildProgress';
import type { FloorView } from './floorView';
import { WorldCrowd, type WorldCrowdFigures } from './worldCrowd';
import type { WorldSession } from './worldSession';

/** The main thread's work per frame while a crowd runs (its step and the drawing), and the frame rate. */
export interface FrameFigures {
  samples: number;
  meanMs: number;
  p95Ms: number;
  maxMs: number;
  fps: number;
}

/** What the last crowd start's pool heard of its build. */
export type CrowdBuildFigures = BuildFigures;

/** What the page's hook reads of the crowd. */
export interface CrowdPanel {
  figures(): WorldCrowdFigures | null;
  build(): CrowdBuildFigures;
  frames(): FrameFigures;
  resetFrames(): void;
  start(count: number): Promise<void>;
  stop(): Promise<void>;
  crowd(): WorldCrowd | null;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function crowdPanel(session: WorldSession, view: FloorView, say: (text: string) => void, showNumbers: () => void): CrowdPanel {
  let run: WorldCrowd | null = null;
  let starting = false;
  let work: number[] = [];
  let firstFrame = 0, lastFrame = 0;
  const button = $<HTMLButtonElement>('world-crowd');
  const status = $<HTMLParagraphElement>('w-crowd');
  const reachable = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) => session.planner?.isReachable(a, b) ?? false;

  const show = () => {
    const f = run?.figures(session.floor);
    status.textContent = f
      ? `${f.agents} agents (${f.onFloor} on this floor), ${f.walking} walking, ${f.following} following a flow field; ${f.arrivals} arrivals, ${f.plans} plans, ${f.snaps} snapped off new blocks, ${f.replans} re-plans; pool: ${f.poolMode}, ${f.poolWorkers} workers`
      : 'No crowd.';
  };

  const frame = (now: number) => {
    if (!run) return;
    const dt = lastFrame ? Math.min(0.25, (now - lastFrame) / 1000) : 0;
    lastFrame = now;
    if (!firstFrame) firstFrame = now;
    const t0 = performance.now();
    run.step(dt, reachable);
    view.draw();
    work.push(performance.now() - t0);
    if (work.length % 15 === 0) {
      show();
      showNumbers();
    }
    requestAnimationFrame(frame);
  };

  const stop = async () => {
    const was = run;
    run = null;
    session.changeWorld = null;
    session.agents = null;
    button.textContent = 'Start';
    show();
    view.draw();
    await was?.close();
  };

  let build: CrowdBuildFigures = noBuildFigures();
  const start = async (count: number) => {
    if (starting || !session.world) return;
    await stop();
    starting = true;
    say(`Starting a worker pool for the world and ${count} agents…`);
    try {
      build = noBuildFigures();
      // Agents walk any-angle lines when the Any-angle lines switch is on as the crowd starts.
      const pathShape = session.anyAngle ? 'any-angle' : 'grid';
      run = await WorldCrowd.start(session.world, count, 1, reachable, showBuild('world-crowd-progress', build), pathShape);
    } catch (error) {
      say(`Cannot start the crowd: ${error instanceof Error ? error.message : String(error)}`);
      starting = false;
      return;
    } finally {
      $('world-crowd-progress-row').hidden = true;
    }
    starting = false;
    const crowd = run.crowd;
    session.changeWorld = (changes) => void run?.change(changes);
    session.agents = () => crowd.agents();
    button.textContent = 'Stop';
    // The floor with the most agents on screen.
    const perFloor = new Array<number>(session.levels).fill(0);
    for (const a of crowd.agents()) perFloor[a.cellZ]!++;
    session.setFloor(perFloor.indexOf(Math.max(...perFloor)));
    say(`${crowd.size} agents walk to random goals on every floor. Dig or build under them.`);
    work = [];
    firstFrame = lastFrame = 0;
    requestAnimationFrame(frame);
  };

  button.addEventListener('click', () => {
    if (run) void stop();
    else void start(Math.max(1, Math.min(5000, Math.floor(Number($<HTMLInputElement>('world-agents').value) || 1))));
  });

  return {
    figures: () => run?.figures(session.floor) ?? null,
    build: () => ({ ...build, phases: [...build.phases] }),
    frames: () => {
      const sorted = [...work].sort((a, b) => a - b);
      const seconds = (lastFrame - firstFrame) / 1000;
      return {
        samples: work.length,
        meanMs: work.length ? work.reduce((a, b) => a + b, 0) / work.length : 0,
        p95Ms: sorted[Math.floor(0.95 * (sorted.length - 1))] ?? 0,
        maxMs: sorted.at(-1) ?? 0,
        fps: seconds > 0 ? work.length / seconds : 0,
      };
    },
    resetFrames: () => {
      work = [];
      firstFrame = lastFrame;
    },
    start,
    stop,
    crowd: () => run,
  };
}
