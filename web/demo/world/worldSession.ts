// The state of the block world page: the world and its planner, the floor on screen, the query and its
// path, and the changes made with the mouse. Everything goes through the package's public API.
import type { BlockChange, BlockName, BlockWorld, Hpastar, Voxel, WorldAStar, WorldHPAStar, WorldHpaPathResult, WorldKind, WorldPathResult, WorldSize } from '../../lib/index';

/** The options of the page's planner: boxes of 16 × 16 columns and 4 levels, two abstraction levels. */
export const WORLD_OPTIONS = { clusterSide: 16, clusterLevels: 4, levels: 2 } as const;

export type WorldTool = 'path' | 'dig' | 'build';

/** A world's blocks and standing cells, level by level, as the page draws them (re-read after changes). */
export interface FloorData {
  readonly blocks: readonly Uint8Array[];
  readonly standing: readonly Uint8Array[];
}

/** The median of a few runs of `run`, in milliseconds (one untimed run first), and its last answer. */
function timed<T>(run: () => T, runs = 5): { ms: number; value: T } {
  let value = run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(runs / 2)]!, value };
}

export class WorldSession {
  world: BlockWorld | null = null;
  planner: WorldHPAStar | null = null;
  floors: FloorData = { blocks: [], standing: [] };
  floor = 0;
  tool: WorldTool = 'path';
  buildBlock: BlockName = 'solid';
  start: Voxel | null = null;
  goal: Voxel | null = null;
  path: WorldHpaPathResult | null = null;
  queryMs = 0;
  /**
   * When set, every query also runs optimal A* (once, after one untimed run: it may flood the world, a
   * few milliseconds on the sizes offered), for the speed-up and the suboptimality of HPA*'s path.
   */
  compareAStar = false;
  /**
   * When set, the path is asked for as straight lines at any angle on each floor (pathShape 'any-angle'):
   * its cells are then its corners, its cost their length (the demo's worlds have no cost layer).
   */
  anyAngle = false;
  astar: WorldPathResult | null = null;
  astarMs = 0;
  #astarQuery: WorldAStar | null = null;
  buildMs = 0;
  lastChange: { text: string; ms: number } | null = null;
  /** Counts changes of anything drawn, for the tests and the redraw. */
  version = 0;
  /**
   * How block changes reach the world: set while a crowd runs, whose applyBlockChanges changes the
   * world and its pool together; else the world's own setBlocks.
   */
  changeWorld: ((changes: readonly BlockChange[]) => void) | null = null;
  /** The agents to draw, while a crowd runs. */
  agents: (() => Iterable<{ readonly x: number; readonly y: number; readonly z: number }>) | null = null;

  constructor(readonly hp: Hpastar) {}

  get width(): number {
    return this.world?.width ?? 0;
  }
  get height(): number {
    return this.world?.height ?? 0;
  }
  get levels(): number {
    return this.world?.levels ?? 0;
  }

  /**
   * A new world and its hierarchy (the old ones freed); the build time includes both. `built`: the
   * hierarchy a worker built for the same world (its saved bytes, and the time it took there), loaded
   * instead of built here.
   */
  generate(kind: WorldKind, size: WorldSize, seed: number, built?: { bytes: Uint8Array; ms: number }): void {
    this.planner?.dispose();
    this.world?.dispose();
    this.planner = null;
    this.world = null;
    const t0 = performance.now();
    this.world = this.hp.BlockWorld.generate({ kind, size, seed });
    this.planner = built ? this.hp.WorldHPAStar.load(built.bytes) : this.hp.WorldHPAStar.build(this.world, WORLD_OPTIONS);
    this.buildMs = built ? built.ms : performance.now() - t0;
    this.readFloors();
    this.lastChange = null;
    this.#pickQuery();
    this.floor = this.start?.z ?? 0;
    this.plan();
  }

  setFloor(z: number): void {
    const next = Math.max(0, Math.min(this.levels - 1, z));
    if (next === this.floor) return;
    this.floor = next;
    this.version++;
  }

  isStanding(v: Voxel): boolean {
    return this.floors.standing[v.z]?.[v.y * this.width + v.x] === 1;
  }

  blockCode(x: number, y: number, z: number): number {
    return this.floors.blocks[z]?.[y * this.width + x] ?? -1;
  }

  /**
   * A click on cell (x, y) of the floor on screen, as the tool says: "" when done, else why not.
   * Path: a start, then a goal (then a start again); Dig: the block there becomes air; Build: the block
   * chosen is placed there.
   */
  click(x: number, y: number): string {
    if (!this.world) return 'no world yet';
    const cell = { x, y, z: this.floor };
    if (this.tool === 'path') {
      if (!this.isStanding(cell)) return `nothing to stand on at (${x}, ${y}) on floor ${this.floor}`;
      if (!this.start || this.goal) {
        this.start = cell;
        this.goal = null;
        this.path = null;
        this.version++;
        return '';
      }
      this.goal = cell;
      this.plan();
      return '';
    }
    const block: BlockName = this.tool === 'dig' ? 'air' : this.buildBlock;
    return this.change(cell, block);
  }

  /** Places `block` at `cell` in the world and the planner, then plans again: "" or why not. */
  change(cell: Voxel, block: BlockName): string {
    if (!this.world || !this.planner) return 'no world yet';
    const was = this.world.blockAt(cell.x, cell.y, cell.z);
    if (was === null) return `(${cell.x}, ${cell.y}, ${cell.z}) is outside the world`;
    if (was === block) return `(${cell.x}, ${cell.y}) on floor ${cell.z} is ${block} already`;
    const change = [{ ...cell, block }];
    const t0 = performance.now();
    if (this.changeWorld) this.changeWorld(change);
    else this.world.setBlocks(change);
    this.planner.applyBlockChanges(change);
    const ms = performance.now() - t0;
    this.lastChange = { text: `${was} → ${block} at (${cell.x}, ${cell.y}, ${cell.z})`, ms };
    this.readFloors();
    // A start or goal that no longer stands is dropped: the path needs both.
    if (this.start && !this.isStanding(this.start)) this.start = null;
    if (this.goal && !this.isStanding(this.goal)) this.goal = null;
    this.plan();
    return '';
  }

  /** Searches the path between start and goal when both are set (and A*'s too, when compared). */
  plan(): void {
    this.path = null;
    this.astar = null;
    if (this.planner && this.start && this.goal) {
      const { start, goal, planner } = this;
      const pathShape = this.anyAngle ? 'any-angle' : 'grid';
      const { ms, value } = timed(() => planner.findPath(start, goal, { pathShape }));
      this.path = value;
      this.queryMs = ms;
      if (this.compareAStar && this.world) {
        const world = this.world;
        const astar = (this.#astarQuery ??= new this.hp.WorldAStar());
        const answer = timed(() => astar.findPath(world, start, goal), 1);
        this.astar = answer.value;
        this.astarMs = answer.ms;
      }
    }
    this.version++;
  }

  /** Turns any-angle lines on or off, and plans again. */
  setAnyAngle(on: boolean): void {
    this.anyAngle = on;
    this.plan();
  }

  /** Turns the A* comparison on or off, and plans again. */
  setCompareAStar(on: boolean): void {
    this.compareAStar = on;
    this.plan();
  }

  /** The floors the path stands on, in order of first visit. */
  pathFloors(): number[] {
    const cells = this.path?.cells ?? new Int32Array(0);
    const floors: number[] = [];
    for (let i = 2; i < cells.length; i += 3) if (floors.at(-1) !== cells[i]) floors.push(cells[i]!);
    return floors;
  }

  readFloors(): void {
    const world = this.world!;
    const blocks: Uint8Array[] = [];
    const standing: Uint8Array[] = [];
    for (let z = 0; z < world.levels; z++) {
      blocks.push(world.floor(z));
      standing.push(world.standingFloor(z));
    }
    this.floors = { blocks, standing };
    this.version++;
  }

  /**
   * The first query of a world: a start on the lowest floor an agent stands on (caves have none on
   * floor 0) and a goal on the highest floor it reaches, as far
   * from it as can be found among a few dozen cells of each (spread evenly over their floors; the
   * component labels answer each pair without a search).
   */
  #pickQuery(): void {
    this.start = this.goal = null;
    const w = this.width;
    const spread = (z: number, count: number) => {
      const cells: Voxel[] = [];
      this.floors.standing[z]!.forEach((s, i) => s && cells.push({ x: i % w, y: Math.floor(i / w), z }));
      const step = Math.max(1, cells.length / count);
      return Array.from({ length: Math.min(count, cells.length) }, (_, k) => cells[Math.floor(k * step)]!);
    };
    let bottom = 0;
    while (bottom < this.levels - 1 && !this.floors.standing[bottom]!.includes(1)) bottom++;
    const starts = spread(bottom, 32);
    for (let z = this.levels - 1; z > bottom; z--) {
      let best: [Voxel, Voxel] | null = null, far = -1;
      for (const goal of spread(z, 32))
        for (const start of starts) {
          const d = Math.abs(goal.x - start.x) + Math.abs(goal.y - start.y);
          if (d > far && this.planner!.isReachable(start, goal)) [best, far] = [[start, goal], d];
        }
      if (best) {
        [this.start, this.goal] = best;
        return;
      }
    }
    this.start = starts[0] ?? null;
  }
}
