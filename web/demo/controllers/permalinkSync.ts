// Keeps the URL in step with what is on screen (the map, algorithm, options, query, overlays, mode,
// crowd size), a moment after the last change, and copies it on Share.
import { generatorName } from '../maps';
import type { Elements } from '../page';
import { writePermalink } from '../permalink';
import type { Panels } from '../render/panels';
import type { AppState } from '../state';

export class PermalinkSync {
  constructor(private readonly state: AppState, private readonly elements: Elements, private readonly panels: Panels) {}

  /** Writes the URL in 150 ms (changes within that time are written once). */
  update(): void {
    const s = this.state;
    clearTimeout(s.timers.url);
    s.timers.url = window.setTimeout(() => {
      const { shown } = s;
      if (!shown) return;
      const search = writePermalink({
        map: shown.source.kind === 'bundled' ? shown.source.name : undefined,
        gen: shown.source.kind === 'gen' ? generatorName(shown.source.params) : undefined,
        algo: s.algo.id,
        settings: s.settings,
        start: s.start ?? undefined,
        goal: s.goal ?? undefined,
        // Every ticked overlay, available or not: the link keeps them for another algorithm.
        overlays: this.elements.overlayBoxes.filter((b) => b.checked).map((b) => b.dataset.overlay!),
        mode: s.mode,
        agents: Number(this.elements.agentsSlider.value),
        units: this.elements.crowdUnits.value === 'mixed' ? 'mixed' : undefined,
        avoid: this.elements.crowdAvoid.checked || undefined,
        terrainCosts: s.terrainCosts,
      });
      if (search !== window.location.search) window.history.replaceState(null, '', search);
    }, 150);
  }

  wireShare(button: HTMLElement): void {
    button.addEventListener('click', async () => {
      this.update();
      await new Promise((r) => setTimeout(r, 200));
      const { shown } = this.state;
      const note = shown && shown.source.kind === 'file' ? ' (a map opened from a file is not in the link)' : shown?.edited ? ' (edits are not in the link)' : '';
      try {
        await navigator.clipboard.writeText(window.location.href);
        this.panels.say(`Link copied${note}.`);
      } catch {
        this.panels.say(`The link is in the address bar${note}.`);
      }
    });
  }
}
