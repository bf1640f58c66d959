// What the overlays show of a hierarchy, all of it read from the planner on screen by `hpastar/inspect`:
// the clusters of every level (clusterRects), the abstract graph of every level (abstractGraph), the
// start's and goal's connections to those graphs (queryConnections) and the components of the cells
// (componentLabels, through Planners.components). The rebuilt clusters come with every edit
// (UpdateStats.rebuilt), the searched sets with a traced search, SHPA*'s clusters from clusterMap.
// Nothing of the hierarchy is derived here: this module keeps what the planner gave until it changes.
import type { HPAStar, Point } from '../lib/index';
import { abstractGraph, clusterRects, queryConnections, type AbstractGraph, type ClusterRects, type QueryConnections } from '../lib/inspect';
import { isPassableTerrain } from '../lib/terrain';

/** Whether a Moving AI code is passable by default (`.`, `G`, `S`: the core's table, {@link isPassableTerrain}). */
export function passableCode(code: number): boolean {
  return isPassableTerrain(code);
}

/** One level's exact graph, and what the overlays make of it once. */
export interface LevelGraph {
  graph: AbstractGraph;
  /** The nodes drawn one pixel per cell, made by the overlays when zoomed out. */
  image?: HTMLCanvasElement;
}

/**
 * The inspection data of the planner on screen, fetched from it on first use and dropped when it
 * changes (another planner, or a new version after an edit).
 */
export class HierarchyData {
  #planner: HPAStar | null = null;
  #version = -1;
  #graphs = new Map<number, LevelGraph>();
  #clusters = new Map<number, ClusterRects>();
  #connections: { start: Point; goal: Point; value: QueryConnections } | null = null;

  #sync(planner: HPAStar): void {
    if (planner !== this.#planner || planner.version !== this.#version) {
      this.#planner = planner;
      this.#version = planner.version;
      this.#graphs.clear();
      this.#clusters.clear();
      this.#connections = null;
    }
  }

  graph(planner: HPAStar, level: number): LevelGraph {
    this.#sync(planner);
    let entry = this.#graphs.get(level);
    if (!entry) {
      entry = { graph: abstractGraph(planner, level) };
      this.#graphs.set(level, entry);
    }
    return entry;
  }

  clusters(planner: HPAStar, level: number): ClusterRects {
    this.#sync(planner);
    let entry = this.#clusters.get(level);
    if (!entry) {
      entry = clusterRects(planner, level);
      this.#clusters.set(level, entry);
    }
    return entry;
  }

  /** How start and goal join the graphs (a lone end: `start` and `goal` the same cell). */
  connections(planner: HPAStar, start: Point, goal: Point): QueryConnections {
    this.#sync(planner);
    const c = this.#connections;
    if (c && c.start.x === start.x && c.start.y === start.y && c.goal.x === goal.x && c.goal.y === goal.y) return c.value;
    const value = queryConnections(planner, start, goal);
    this.#connections = { start, goal, value };
    return value;
  }

  clear(): void {
    this.#planner = null;
    this.#graphs.clear();
    this.#clusters.clear();
    this.#connections = null;
  }
}
