// A small RTS on the hpastar package: three unit types (three agent classes of one worker pool, one
// crowd), selected with the mouse and sent in formation; walls painted on the way make them re-plan.
// Everything the game knows of the map is the crowd's terrain; every search runs in the pool's workers.
import den520d from 'hpastar/maps/den520d.map.js';
import { createPathPool, Crowd, parseMovingAIMap } from 'hpastar';
import { Game } from './game';
import { FrameTimes, installHook } from './hook';
import { bindInput } from './input';
import { Renderer } from './render';
import { AGENT_CLASSES, spawnUnits } from './units';

const map = parseMovingAIMap(den520d, 'den520d.map');
// One pool serves the three classes: a hierarchy per class in every worker, one terrain update for all.
const pool = await createPathPool({ map, agents: AGENT_CLASSES });
// Avoidance: units keep out of each other's cells, so a group spreads out instead of stacking.
// toNearest: a goal a unit cannot reach (walled off, or a gap too narrow for a tank) sends it as near as it gets.
const crowd = new Crowd({ pool, map, avoidance: true, toNearest: true });
const game = new Game(crowd, spawnUnits(crowd), map.width, map.height);

const renderer = new Renderer(document.querySelector<HTMLCanvasElement>('#map')!, game);
bindInput(game, renderer, {
  toolButtons: { select: document.querySelector<HTMLButtonElement>('#tool-select')!, walls: document.querySelector<HTMLButtonElement>('#tool-walls')! },
  formation: document.querySelector<HTMLSelectElement>('#formation')!,
});

const statusLine = document.querySelector<HTMLDivElement>('#status')!;
const frames = new FrameTimes();
const status = () =>
  `${frames.fps().toFixed(0)} fps · ${crowd.size} units · ${game.selected.size} selected · tool: ${game.tool} (W) · formation: ${game.formation} (F) · ${game.orderText()}`;
installHook(game, pool.mode, frames, status);

let last = -1; // the first frame's time (requestAnimationFrame's clock starts at the frame, not now)
let shownAt = 0;
function frame(now: number): void {
  if (last >= 0) frames.add(now - last);
  const dt = last < 0 ? 0 : (now - last) / 1000;
  last = now;
  const edits = game.flushWalls();
  if (edits.length) {
    // The crowd's terrain changed at once (the pool's follows): redraw the painted box.
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    for (const e of edits) {
      x0 = Math.min(x0, e.x), y0 = Math.min(y0, e.y), x1 = Math.max(x1, e.x), y1 = Math.max(y1, e.y);
    }
    renderer.repaint(x0, y0, x1, y1);
  }
  game.handle(crowd.step(dt));
  renderer.draw();
  // The status line's text changes a few times a second, not every frame.
  if (now - shownAt > 250) {
    statusLine.textContent = status();
    shownAt = now;
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
