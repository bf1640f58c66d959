// A small game on the hpastar package: agents run to a shared goal on den520d (they follow its flow
// field), the player paints walls with the mouse (Shift erases) and moves the goal with a right click.
// Agents that arrive start again from a random cell. Everything the game knows of the map is the
// crowd's terrain; every search runs in the pool's workers.
import den520d from 'hpastar/maps/den520d.map.js';
import { createPathPool, Crowd, isPassableTerrain, parseMovingAIMap, type Point, type TerrainEdit } from 'hpastar';

const AGENTS = Number(new URLSearchParams(location.search).get('agents') ?? 400);
const SCALE = 3;

const map = parseMovingAIMap(den520d, 'den520d.map');
const pool = await createPathPool({ map });
const crowd = new Crowd({ pool, map, speed: 10 });

const canvas = document.querySelector<HTMLCanvasElement>('#map')!;
const status = document.querySelector<HTMLDivElement>('#status')!;
canvas.width = map.width * SCALE;
canvas.height = map.height * SCALE;
const ctx = canvas.getContext('2d')!;

// The map as an image, one pixel per cell, redrawn where walls are painted.
const image = new ImageData(map.width, map.height);
const background = new OffscreenCanvas(map.width, map.height);
function paintCells(x0: number, y0: number, x1: number, y1: number): void {
  const t = crowd.terrain;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * map.width + x;
      const shade = isPassableTerrain(t[i]!) ? 0xe8 : 0x30;
      image.data.set([shade, shade, shade, 255], 4 * i);
    }
  }
  background.getContext('2d')!.putImageData(image, 0, 0);
}
paintCells(0, 0, map.width - 1, map.height - 1);

let seed = 12345;
function random(): number {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 4294967296;
}
function randomFreeCell(): Point {
  for (;;) {
    const x = Math.floor(random() * map.width), y = Math.floor(random() * map.height);
    if (crowd.passable(x, y)) return { x, y };
  }
}

let goal: Point = { x: 81, y: 45 };
for (let i = 0; i < AGENTS; i++) crowd.addAgent(randomFreeCell(), { goal });

// Mouse: drag paints walls (Shift: ground), right click moves the goal.
function cellAt(e: MouseEvent): Point {
  const r = canvas.getBoundingClientRect();
  return { x: Math.floor(((e.clientX - r.left) / r.width) * map.width), y: Math.floor(((e.clientY - r.top) / r.height) * map.height) };
}
let painting = false;
let pending: TerrainEdit[] = [];
function brush(e: MouseEvent): void {
  const c = cellAt(e);
  const terrain = e.shiftKey ? '.' : '@';
  for (let y = c.y - 1; y <= c.y + 1; y++) {
    for (let x = c.x - 1; x <= c.x + 1; x++) {
      if (x < 0 || y < 0 || x >= map.width || y >= map.height || (x === goal.x && y === goal.y)) continue;
      pending.push({ x, y, terrain });
    }
  }
}
canvas.addEventListener('contextmenu', (e) => e.preventDefault());
canvas.addEventListener('mousedown', (e) => {
  if (e.button === 2) {
    const c = cellAt(e);
    if (!crowd.passable(c.x, c.y)) return;
    goal = c;
    for (const a of crowd.agents()) crowd.setGoal(a.id, goal);
    return;
  }
  painting = true;
  brush(e);
});
canvas.addEventListener('mousemove', (e) => painting && brush(e));
window.addEventListener('mouseup', () => (painting = false));

const counts = { arrivals: 0, unreachable: 0, snaps: 0, updates: 0 };
let last = -1; // the first frame's time (requestAnimationFrame's clock starts at the frame, not now)
function frame(now: number): void {
  if (last < 0) last = now;
  // The frame's painted cells go to the crowd (and its pool) as one update.
  if (pending.length) {
    const edits = pending;
    pending = [];
    void crowd.updateTerrain(edits).then(() => counts.updates++);
    for (const e of edits) paintCells(e.x, e.y, e.x, e.y);
  }
  for (const e of crowd.step((now - last) / 1000)) {
    if (e.type === 'arrived') {
      counts.arrivals++;
      // Back to the start line: a new agent from a random cell.
      crowd.removeAgent(e.agent);
      crowd.addAgent(randomFreeCell(), { goal });
    } else if (e.type === 'unreachable') {
      counts.unreachable++;
      crowd.removeAgent(e.agent);
      crowd.addAgent(randomFreeCell(), { goal });
    } else if (e.type === 'snapped') counts.snaps++;
  }
  last = now;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(background, 0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#e4572e';
  for (const a of crowd.agents()) ctx.fillRect(a.x * SCALE, a.y * SCALE, SCALE, SCALE);
  ctx.fillStyle = '#29bf12';
  ctx.fillRect((goal.x - 1) * SCALE, (goal.y - 1) * SCALE, 3 * SCALE, 3 * SCALE);
  const s = crowd.stats;
  status.textContent = `${s.agents} agents (${s.following} on the flow field) · ${counts.arrivals} arrived · pool: ${pool.mode}`;
  // What tests/package/run.mjs reads.
  (window as unknown as { __game: object }).__game = {
    ready: true, mode: pool.mode, arrivals: counts.arrivals, unreachable: counts.unreachable, snaps: counts.snaps,
    updates: counts.updates, following: s.following, agents: s.agents, version: pool.version,
  };
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
