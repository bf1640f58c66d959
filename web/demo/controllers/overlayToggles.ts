// The overlay toggles: which overlays are shown (ticked, and available for the algorithm).
import type { AlgoInfo } from '../algorithms';
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { AppState } from '../state';
import type { PermalinkSync } from './permalinkSync';

export class OverlayToggles {
  readonly #boxes: HTMLInputElement[];
  readonly #pathLabel: HTMLElement;

  constructor(private readonly state: AppState, elements: Elements) {
    this.#boxes = elements.overlayBoxes;
    this.#pathLabel = elements.pathLabel;
  }

  wire(frames: FrameLoop, permalink: PermalinkSync): void {
    for (const box of this.#boxes) {
      box.addEventListener('change', () => {
        this.sync();
        permalink.update();
        frames.request();
      });
    }
  }

  /** Ticks the overlays a permalink names, and only those. */
  tick(ids: readonly string[]): void {
    for (const box of this.#boxes) box.checked = ids.includes(box.dataset.overlay!);
  }

  /** Enables the overlays that the algorithm has; the shown ones go to the state. */
  sync(): void {
    const { algo } = this.state;
    for (const box of this.#boxes) {
      const id = box.dataset.overlay!;
      let available = true;
      // Merged clusters are drawn by their cell map (sclusters): their boxes overlap.
      if (/^(b|graph)\d$/.test(id)) available = algo.levels >= Number(id.replace(/\D/g, '')) && !(algo.merged && id.startsWith('b'));
      else if (id === 'abstract') available = algo.levels > 0 || algo.kind === 'haa';
      else if (['nodes', 'graph', 'sets-sg'].includes(id)) available = algo.levels > 0;
      else if (id === 'clearance' || id === 'brushfire') available = algo.kind === 'haa';
      else if (id.startsWith('sets-') && algo.kind === 'haa') available = false;
      else if (id === 'refined' || id === 'sets-refine') available = algo.kind !== 'astar';
      else if (id === 'sclusters') available = algo.kind === 'shpa' || algo.merged === true;
      box.disabled = !available;
    }
    this.#pathLabel.textContent = pathLabel(algo, this.state.settings.smooth);
    const shown = this.#boxes.filter((b) => b.checked && !b.disabled).map((b) => b.dataset.overlay!);
    this.state.overlays = new Set(shown);
    this.state.demo.overlays = shown;
  }
}

/** What the found path is: only the hierarchical planners smooth theirs (A*'s is optimal as it is). */
export function pathLabel(algo: AlgoInfo, smooth: boolean): string {
  if (algo.kind === 'astar') return 'Path (A*, optimal)';
  if (algo.kind === 'haa') return 'Path (the agent\'s top-left cell, its square shaded)';
  return smooth ? 'Path (smoothed)' : 'Path (unsmoothed)';
}
