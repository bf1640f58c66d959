// The crowd's run: started with the Crowd tab (and again when the map or the hierarchy changes),
// stopped when leaving it; its sliders and its Start/Stop button.
import { algoInfo, hierarchyOptions } from '../algorithms';
import { Crowd } from '../crowd';
import { errorText } from '../format';
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import type { AppState } from '../state';
import type { PermalinkSync } from './permalinkSync';

export class CrowdController {
  constructor(private readonly state: AppState, private readonly elements: Elements, private readonly panels: Panels, private readonly frames: FrameLoop) {}

  wire(permalink: PermalinkSync): void {
    const { agentsSlider, speedSlider, agentRoutes, crowdToggle } = this.elements;
    agentsSlider.addEventListener('input', () => {
      this.showAgentCount();
      this.state.crowd?.setCount(Number(agentsSlider.value));
      permalink.update();
    });
    speedSlider.addEventListener('input', () => {
      this.elements.speedOut.textContent = speedSlider.value;
      if (this.state.crowd) this.state.crowd.speed = Number(speedSlider.value);
    });
    agentRoutes.addEventListener('change', (e) => {
      if (this.state.crowd) this.state.crowd.showRoutes = (e.target as HTMLInputElement).checked;
    });
    crowdToggle.addEventListener('click', () => void (this.state.crowd ? this.stop() : this.start()));
  }

  /** Sets the agents slider (from a permalink). */
  setAgentCount(n: number): void {
    this.elements.agentsSlider.value = String(n);
    this.showAgentCount();
  }

  showAgentCount(): void {
    this.elements.agentsOut.textContent = this.elements.agentsSlider.value;
  }

  async start(): Promise<void> {
    const s = this.state;
    const { crowdToggle, speedSlider, agentRoutes, agentsSlider } = this.elements;
    if (!s.hp || !s.shown || s.crowdStarting) return;
    await this.stop();
    s.crowdStarting = true;
    crowdToggle.disabled = true;
    this.panels.say('Starting the worker pool…');
    try {
      // The crowd walks on an HPA* hierarchy: that of the algorithm on screen, or HPA* with 2 levels.
      const { planner } = s.shown.planners.planner(hierarchyOptions(s.algo.levels ? s.algo : algoInfo('hpa2'), s.settings));
      // Goals are drawn in the walker's component, as the planner on screen labels them (kept up to date by the edits).
      const components = () => s.shown?.planners.components(s.algo, s.settings).labels ?? null;
      const c = await Crowd.start(planner, s.shown.terrain, components, 7);
      if (s.mode !== 'crowd' || !s.shown) {
        await c.close();
        return;
      }
      c.speed = Number(speedSlider.value);
      c.showRoutes = agentRoutes.checked;
      c.setCount(Number(agentsSlider.value));
      s.crowd = c;
      s.demo.crowd = { ...c.metrics };
      s.demo.resetFrameStats();
      crowdToggle.textContent = 'Stop';
      this.panels.say(`Crowd: ${c.count} agents; every plan and search in the worker pool (${c.metrics.poolMode} mode: ${c.metrics.poolReason}). Paint walls to make them re-plan.`);
      this.frames.request();
    } catch (error) {
      this.panels.say(`Cannot start the crowd: ${errorText(error)}`, true);
    } finally {
      s.crowdStarting = false;
      crowdToggle.disabled = false;
    }
  }

  async stop(): Promise<void> {
    const s = this.state;
    const c = s.crowd;
    s.crowd = null;
    this.elements.crowdToggle.textContent = 'Start';
    if (c) {
      s.demo.crowd = { ...c.metrics, running: false };
      await c.close();
    }
  }
}
