// Plays examples/crowd-game (the small RTS) in a Chromium page with real mouse and key events, as a
// player would, and checks what came of it through the game's read-only hook (`window.game`, see the
// example's src/hook.ts), never pixels: tests/package/run.mjs calls it on the built game, and
// `node tests/package/consumer/crowd-game-play.mjs <url>` plays a game already served (with a browser of its own).
//   1. a click selects one unit, a click on empty ground clears;
//   2. a box dragged round each type's group selects it (Shift adds the next ones), and nothing else;
//   3. a right click sends the selection to ORDER_CELL;
//   4. the wall tool (W) paints a wall across a tank's route ahead (one that leaves the goal reachable,
//      checked here by a search of our own), and the crowd re-plans;
//   5. every unit of the order arrives near the cell, on distinct cells, none partial nor unreachable;
//   6. walls painted round a square of open ground, and the group sent inside: every unit reports a
//      partial path (it goes to the reachable cell nearest the goal), and the status line says so;
// and at every frame (a requestAnimationFrame loop of ours in the page), every unit's square, on its
// cell and on the cell it steps into, is on terrain its class may stand on, read from the game's
// terrain; and the page logs no error.

/** Where the order sends the units: open ground on den520d, 120 to 190 cells of walking from the groups. */
export const ORDER_CELL = { x: 150, y: 100 };
/** The middle of the square walled in by step 6: open ground 19 x 19 cells on den520d, 25 cells west of ORDER_CELL. */
const WALLED_IN = { x: 125, y: 100 };
/** How near the order's cell an arrived unit's square must be (Chebyshev, cells): a group of 34 spreads. */
const NEAR = 14;
/** Generous: a loaded 2-core machine may draw few frames a second (a frame moves units by 0.25 s at most). */
const ARRIVAL_TIMEOUT_MS = 300_000;

/** The terrain characters of each kind a capability names (as TERRAIN.kinds says; written out here, not read from the package). */
const KIND_CHARACTERS = { ground: '.G', swamp: 'S', water: 'W', trees: 'T' };

/**
 * Plays the game in `page` (already at the game's address). Returns a line of figures; throws, saying
 * what failed and the game's state, on any failed check.
 * @param options.poolMode - the pool's mode the page must have ('shared' when it is cross-origin isolated); any when absent
 */
export async function playCrowdGame(page, { poolMode } = {}) {
  const player = await startPlaying(page);
  const { info } = player;
  if (poolMode && info.poolMode !== poolMode) throw new Error(`the game's pool runs ${info.poolMode}, not ${poolMode}`);
  await clickSelection(player);
  const wanted = await boxSelection(player);
  const sent = await orderWithWall(player, wanted);
  const arrived = await arrival(player, wanted, sent);
  const partial = await walledInOrder(player, wanted);
  const check = await page.evaluate(() => {
    window.__frameCheck.stop = true;
    return window.__frameCheck;
  });
  if (check.frames < 10) await player.fail(`only ${check.frames} frames checked`);
  if (check.violations.length) await player.fail(`units on cells their class may not stand on: ${JSON.stringify(check.violations.slice(0, 5))}`);
  if (player.errors.length) throw new Error(`the page logged errors: ${player.errors.join('; ')}`);
  const frames = await page.evaluate(() => game.frameTimes());
  const mean = frames.reduce((s, ms) => s + ms, 0) / Math.max(1, frames.length);
  return `pool ${info.poolMode}, ${wanted.size} units of ${info.types.length} types sent to (${ORDER_CELL.x}, ${ORDER_CELL.y}) arrived in ${arrived.seconds.toFixed(0)} s ` +
    `on ${arrived.cells} cells, a wall of ${sent.wall.length} cells across a tank's route (${arrived.replans} re-plans), ` +
    `sent into a walled-in square: ${partial.partial} partial paths reported within ${partial.ms.toFixed(0)} ms; ` +
    `${check.frames} frames checked, ${(1000 / mean).toFixed(0)} fps over the last ${frames.length} frames`;
}

/** Waits for the game, listens for the page's errors, starts the frame check; what the steps below share. */
async function startPlaying(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The browser's own "Failed to load resource" lines are judged by their responses: a missing favicon is no error of the game's.
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.url()}: HTTP ${r.status()}`));
  page.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
  await page.waitForFunction(() => window.game?.ready === true, null, { timeout: 120_000 });
  const info = await page.evaluate(() => ({ width: game.width, height: game.height, types: game.types, poolMode: game.poolMode }));
  await page.evaluate(installFrameCheck, KIND_CHARACTERS);
  const canvas = await page.locator('#map').boundingBox();
  return {
    page,
    info,
    errors,
    /** The middle of a cell, in the page's pixels. */
    at: (c) => ({ x: canvas.x + ((c.x + 0.5) * canvas.width) / info.width, y: canvas.y + ((c.y + 0.5) * canvas.height) / info.height }),
    units: () => page.evaluate(() => game.units()),
    selected: async () => (await page.evaluate(() => game.units())).filter((u) => u.selected).map((u) => u.id),
    async fail(what) {
      const state = await page.evaluate(() => ({ status: game.status(), order: game.order(), counts: game.counts(), check: window.__frameCheck }));
      throw new Error(`${what} (game: ${JSON.stringify(state)})${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`);
    },
  };
}

/** 1. A click on a unit selects it alone; a click on empty ground clears. */
async function clickSelection({ page, at, units, selected, fail }) {
  const first = (await units())[0];
  let p = at({ x: first.cellX, y: first.cellY });
  await page.mouse.click(p.x, p.y);
  const one = await selected();
  if (one.length !== 1 || one[0] !== first.id) await fail(`a click on unit ${first.id} selected ${JSON.stringify(one)}`);
  p = at(ORDER_CELL);
  await page.mouse.click(p.x, p.y);
  if ((await selected()).length) await fail('a click on empty ground left units selected');
}

/** 2. A box round each type's group, the second and third with Shift (added to the selection). Returns the ids selected. */
async function boxSelection({ page, info, at, units, selected, fail }) {
  const all = await units();
  const wanted = new Set();
  for (const [k, type] of info.types.entries()) {
    const group = all.filter((u) => u.type === type.name);
    const x0 = Math.min(...group.map((u) => u.cellX)) - 1, y0 = Math.min(...group.map((u) => u.cellY)) - 1;
    const x1 = Math.max(...group.map((u) => u.cellX + u.size)), y1 = Math.max(...group.map((u) => u.cellY + u.size));
    if (k > 0) await page.keyboard.down('Shift');
    await drag(page, at({ x: x0, y: y0 }), at({ x: x1, y: y1 }));
    if (k > 0) await page.keyboard.up('Shift');
    for (const u of group) wanted.add(u.id);
    const now = await selected();
    if (now.length !== wanted.size || now.some((id) => !wanted.has(id))) {
      await fail(`after the box round the ${type.name} group (${x0}, ${y0})-(${x1}, ${y1}) the selection is ${JSON.stringify(now)}, not ${JSON.stringify([...wanted])}`);
    }
  }
  return wanted;
}

/** 3 and 4. The order (a right click), then a wall across a tank's route ahead, painted with the wall tool. */
async function orderWithWall(player, wanted) {
  const { page, info, at, units, fail } = player;
  const p = at(ORDER_CELL);
  const started = performance.now();
  await page.mouse.click(p.x, p.y, { button: 'right' });
  const order = await page.evaluate(() => game.order());
  if (!order || order.ids.length !== wanted.size || order.goal.x !== ORDER_CELL.x || order.goal.y !== ORDER_CELL.y) await fail(`the right click gave the order ${JSON.stringify(order)}`);
  const wall = await chooseWall(page, info, (await units()).filter((u) => u.type === 'tank').map((u) => u.id));
  if (!wall) await fail('no tank route ahead to put a wall across, that leaves the goal reachable');
  const replansBefore = (await page.evaluate(() => game.counts())).replanned;
  await paintWalls(player, [[wall.from, wall.to]], 1);
  const walled = await page.evaluate(([a, b]) => [game.terrainAt(a.x, a.y), game.terrainAt(b.x, b.y)], [wall.from, wall.centre]);
  if (walled.some((c) => c !== '@')) await fail(`the wall's cells are ${JSON.stringify(walled)}, not walls`);
  return { started, wall, replansBefore };
}

/** Paints walls along each [from, to] with the wall tool (W), back to the select tool after; waits for `updates` pool answers in all. */
async function paintWalls({ page, at, fail }, strokes, updates) {
  await page.keyboard.press('w');
  if ((await page.evaluate(() => game.tool)) !== 'walls') await fail('W did not switch to the wall tool');
  for (const [from, to] of strokes) await drag(page, at(from), at(to));
  await page.keyboard.press('w');
  if ((await page.evaluate(() => game.tool)) !== 'select') await fail('W did not switch back to the select tool');
  await page.waitForFunction((n) => game.counts().wallUpdates >= n, updates, { timeout: 60_000 }).catch(() => fail(`the pool did not answer ${updates} wall update(s)`));
}

/** 5. Every unit of the order arrives near the cell, on distinct cells, and the wall made units re-plan. */
async function arrival({ page, units, fail }, wanted, { started, replansBefore }) {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  let done = null;
  while (!done && Date.now() < deadline) {
    await page.waitForTimeout(500);
    const mine = (await units()).filter((u) => wanted.has(u.id));
    if (mine.every((u) => u.state === 'idle')) done = mine;
  }
  const seconds = (performance.now() - started) / 1000;
  if (!done) await fail(`the units did not all arrive within ${ARRIVAL_TIMEOUT_MS / 1000} s`);
  const far = done.filter((u) => distanceToSquare(ORDER_CELL, u) > NEAR);
  if (far.length) await fail(`${far.length} unit(s) stopped more than ${NEAR} cells from the order's cell: ${JSON.stringify(far.slice(0, 5))}`);
  const cells = new Set(done.map((u) => `${u.cellX},${u.cellY}`));
  if (cells.size < Math.max(3, Math.ceil(0.8 * done.length))) await fail(`the ${done.length} units stand on ${cells.size} distinct cells only`);
  const { order, counts } = await page.evaluate(() => ({ order: game.order(), counts: game.counts() }));
  if (order.arrived < 1 || order.partial || order.unreachable) await fail('units of the order did not arrive, or went partial or found no way, though the goal stays reachable');
  if (counts.replanned <= replansBefore) await fail(`the wall across the route made no unit re-plan (${replansBefore} re-plans before, ${counts.replanned} after)`);
  return { seconds, cells: cells.size, replans: counts.replanned - replansBefore };
}

/**
 * 6. A square of open ground walled in all round (four strokes of the wall tool), the selection sent to
 * its middle: no unit can reach it, so each reports a partial path, and the status line says so.
 */
async function walledInOrder(player, wanted) {
  const { page, at, fail } = player;
  const r = 7, { x, y } = WALLED_IN;
  const corners = [{ x: x - r, y: y - r }, { x: x + r, y: y - r }, { x: x + r, y: y + r }, { x: x - r, y: y + r }];
  const before = (await page.evaluate(() => game.counts())).wallUpdates;
  await paintWalls(player, corners.map((c, i) => [c, corners[(i + 1) % 4]]), before + 1);
  const ring = await page.evaluate((cs) => cs.map((c) => game.terrainAt(c.x, c.y)), corners);
  if (ring.some((c) => c !== '@')) await fail(`the walled square's corners are ${JSON.stringify(ring)}`);
  if ((await player.selected()).length !== wanted.size) await fail('the selection changed while painting walls');
  const p = at(WALLED_IN);
  const started = performance.now();
  await page.mouse.click(p.x, p.y, { button: 'right' });
  await page.waitForFunction((n) => game.order()?.partial >= n, wanted.size, { timeout: 120_000 }).catch(() => fail(`not all ${wanted.size} units reported a partial path to the walled-in cell`));
  const ms = performance.now() - started;
  const { status, order } = await page.evaluate(() => ({ status: game.status(), order: game.order() }));
  if (order.goal.x !== WALLED_IN.x || order.goal.y !== WALLED_IN.y || order.ids.length !== wanted.size) await fail(`the right click in the walled square gave the order ${JSON.stringify(order)}`);
  if (!status.includes(`${wanted.size} cannot reach it (partial path`)) await fail(`the status line does not tell the partial paths: ${status}`);
  return { partial: order.partial, ms };
}

async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Chebyshev distance from a cell to a unit's square (0 inside it). */
function distanceToSquare(c, u) {
  const dx = Math.max(u.cellX - c.x, 0, c.x - (u.cellX + u.size - 1));
  const dy = Math.max(u.cellY - c.y, 0, c.y - (u.cellY + u.size - 1));
  return Math.max(dx, dy);
}

/**
 * In the page: every frame, every unit's square on its cell, and on the cell it steps into, checked on
 * the game's terrain for its class's kinds; violations kept (the first 20).
 */
function installFrameCheck(kinds) {
  const check = { frames: 0, violations: [], stop: false };
  window.__frameCheck = check;
  const bad = (u, x, y) => {
    const allowed = u.capability.split(',').map((n) => kinds[n] ?? '').join('');
    for (let dy = 0; dy < u.size; dy++) for (let dx = 0; dx < u.size; dx++) if (!allowed.includes(window.game.terrainAt(x + dx, y + dy))) return true;
    return x < 0 || y < 0 || x + u.size > window.game.width || y + u.size > window.game.height;
  };
  const loop = () => {
    if (check.stop) return;
    for (const u of window.game.units()) {
      const nx = u.cellX + Math.sign(u.x - u.cellX), ny = u.cellY + Math.sign(u.y - u.cellY);
      for (const [x, y] of nx === u.cellX && ny === u.cellY ? [[u.cellX, u.cellY]] : [[u.cellX, u.cellY], [nx, ny]]) {
        if (bad(u, x, y) && check.violations.length < 20) check.violations.push({ frame: check.frames, unit: u.id, type: u.type, x, y });
      }
    }
    check.frames++;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

/**
 * A wall (a line of cells, painted 3 wide by the game's brush) across a tank's route ahead: centred on a
 * waypoint 25 or more cells ahead of the tank and 20 or more from the order's cell, across the way to the
 * next, 13 cells long; one that leaves the order's cell reachable for every class from every unit of
 * the order (a search here on the terrain read from the page). Null when no tank's route has one.
 */
async function chooseWall(page, info, tanks) {
  const { width, height } = info;
  for (let attempt = 0; attempt < 40; attempt++) {
    const state = await page.evaluate(({ ids, w, h }) => {
      let terrain = '';
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) terrain += game.terrainAt(x, y);
      return { routes: ids.map((id) => game.routeOf(id)), units: game.units(), terrain };
    }, { ids: tanks, w: width, h: height });
    for (const [k, route] of state.routes.entries()) {
      if (!route || route.length < 4) continue;
      const tank = state.units.find((u) => u.id === tanks[k]);
      for (let i = 0; i + 3 < route.length; i += 2) {
        const c = { x: route[i], y: route[i + 1] }, n = { x: route[i + 2], y: route[i + 3] };
        if (Math.hypot(c.x - tank.x, c.y - tank.y) < 25 || Math.hypot(c.x - ORDER_CELL.x, c.y - ORDER_CELL.y) < 20) continue;
        const len = Math.hypot(n.x - c.x, n.y - c.y) || 1;
        const across = { x: -(n.y - c.y) / len, y: (n.x - c.x) / len };
        const from = { x: Math.round(c.x - 6 * across.x), y: Math.round(c.y - 6 * across.y) };
        const to = { x: Math.round(c.x + 6 * across.x), y: Math.round(c.y + 6 * across.y) };
        const cells = wallCells(from, to, width, height);
        if (reachableForAll(state.terrain, cells, state.units, width, height)) return { from, to, centre: c, length: cells.size };
      }
    }
    await page.waitForTimeout(100);
  }
  return null;
}

/** The cells the game's 3-cell brush paints along the line (as its input module does), as y * width + x. */
function wallCells(from, to, width, height) {
  const cells = new Set();
  const steps = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y));
  for (let s = 0; s <= steps; s++) {
    const x = Math.round(from.x + ((to.x - from.x) * s) / (steps || 1)), y = Math.round(from.y + ((to.y - from.y) * s) / (steps || 1));
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (x + dx >= 0 && y + dy >= 0 && x + dx < width && y + dy < height) cells.add((y + dy) * width + x + dx);
    }
  }
  return cells;
}

/**
 * Whether, with the wall, every unit can reach ORDER_CELL's surroundings for its class: a search over the
 * 4-neighbours (8 moves without corner cutting join the same cells) of top-left cells whose square fits.
 */
function reachableForAll(terrain, wall, units, width, height) {
  const classes = new Map(units.map((u) => [`${u.size}:${u.capability}`, u]));
  for (const [, u] of classes) {
    const allowed = u.capability.split(',').map((n) => KIND_CHARACTERS[n] ?? '').join('');
    const stands = (x, y) => {
      if (x < 0 || y < 0 || x + u.size > width || y + u.size > height) return false;
      for (let dy = 0; dy < u.size; dy++) for (let dx = 0; dx < u.size; dx++) {
        const i = (y + dy) * width + x + dx;
        if (wall.has(i) || !allowed.includes(terrain[i])) return false;
      }
      return true;
    };
    const seen = new Uint8Array(width * height);
    const queue = [ORDER_CELL.y * width + ORDER_CELL.x];
    if (!stands(ORDER_CELL.x, ORDER_CELL.y)) return false;
    seen[queue[0]] = 1;
    for (let k = 0; k < queue.length; k++) {
      const x = queue[k] % width, y = Math.floor(queue[k] / width);
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[ny * width + nx] || !stands(nx, ny)) continue;
        seen[ny * width + nx] = 1;
        queue.push(ny * width + nx);
      }
    }
    for (const v of units) if (`${v.size}:${v.capability}` === `${u.size}:${u.capability}` && !seen[v.cellY * width + v.cellX]) return false;
  }
  return true;
}

// Standalone: node tests/package/consumer/crowd-game-play.mjs http://127.0.0.1:PORT/index.html
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import(new URL('../../../node_modules/playwright-core/index.mjs', import.meta.url).href);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    await page.goto(process.argv[2]);
    console.log(await playCrowdGame(page));
  } finally {
    await browser.close();
  }
}
