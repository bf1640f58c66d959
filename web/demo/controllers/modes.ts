// The tabs: Explore (a query on the map), Compare (every algorithm on it) and Crowd (agents walking).
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import type { AppState, Mode } from '../state';
import type { CrowdController } from './crowd';
import type { PermalinkSync } from './permalinkSync';
import type { ToolController } from './tools';

interface ModeDeps {
  panels: Panels;
  frames: FrameLoop;
  tools: ToolController;
  crowd: CrowdController;
  permalink: PermalinkSync;
}

export class ModeController {
  constructor(private readonly state: AppState, private readonly elements: Elements, private readonly deps: ModeDeps) {}

  wire(): void {
    for (const tab of this.elements.tabs) tab.addEventListener('click', () => void this.set(tab.dataset.mode as Mode));
  }

  async set(next: Mode): Promise<void> {
    const s = this.state;
    const { panels, frames, tools, crowd, permalink } = this.deps;
    s.mode = next;
    s.demo.mode = next;
    document.body.classList.toggle('crowd', next === 'crowd');
    for (const tab of this.elements.tabs) tab.setAttribute('aria-selected', String(tab.dataset.mode === next));
    this.elements.compare.hidden = next !== 'compare';
    this.elements.crowdSection.hidden = next !== 'crowd';
    this.elements.numbersSection.hidden = next === 'crowd';
    s.view.resize();
    if (next === 'crowd') {
      if (s.tool === 'path') tools.set('brush');
      await crowd.start();
    } else {
      await crowd.stop();
      if (s.mode === 'compare') panels.say('Compare: every algorithm on the query on screen, or on a batch of scenarios.');
    }
    permalink.update();
    frames.request();
  }
}
