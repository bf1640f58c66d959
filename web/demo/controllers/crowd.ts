// The crowd's run: started with the Crowd tab (and again when the map or the hierarchy changes),
// stopped when leaving it; its sliders, its Start/Stop button (Stop removes the agents and clears the
// figures) and its Pause/Resume button (the agents stand still, and walk on from there).
import { algoInfo, hierarchyOptions } from '../algorithms';
import { showBuildIn } from '../buildProgress';
import { Crowd, emptyCrowdMetrics, type CrowdMetrics, type CrowdUnits } from '../crowd';
import { errorText } from '../format';
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import type { AppState } from '../state';
import type { BuildProgress } from '../../lib/index';
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
    // Other units, or avoidance switched: a crowd of other classes or rules, started afresh.
    for (const control of [this.elements.crowdUnits, this.elements.crowdAvoid]) {
      control.addEventListener('change', () => {
        permalink.update();
        if (this.state.crowd) void this.start();
      });
    }
    this.elements.crowdPause.addEventListener('click', () => this.togglePause());
  }

  /** Pauses a walking crowd, or resumes a paused one. */
  togglePause(): void {
    const c = this.state.crowd;
    if (!c) return;
    c.paused = !c.paused;
    this.state.demo.crowd = { ...c.metrics };
    this.#showButtons();
    this.panels.say(c.paused ? `Crowd paused: ${c.count} agents stand where they are. Resume to walk on.` : `Crowd: ${c.count} agents walk on.`);
    if (c.paused) this.panels.showCrowdPaused();
    this.frames.request();
  }

  #showButtons(): void {
    const c = this.state.crowd;
    const { crowdToggle, crowdPause } = this.elements;
    crowdToggle.textContent = c ? 'Stop' : 'Start';
    crowdPause.disabled = !c;
    crowdPause.textContent = c?.paused ? 'Resume' : 'Pause';
  }

  /** Sets the agents slider (from a permalink). */
  setAgentCount(n: number): void {
    this.elements.agentsSlider.value = String(n);
    this.showAgentCount();
  }

  /** Sets the units select (from a permalink). */
  setUnits(units: CrowdUnits): void {
    this.elements.crowdUnits.value = units;
  }

  /** Sets the avoidance box (from a permalink). */
  setAvoidance(on: boolean): void {
    this.elements.crowdAvoid.checked = on;
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
      const units: CrowdUnits = this.elements.crowdUnits.value === 'mixed' ? 'mixed' : 'cells';
      const build = { reports: 0, late: 0, shown: false, phases: [] as string[] };
      // The Any-angle option (aa=1) is the crowd's too: agents walk straight lines between corners.
      const pathShape = s.settings.anyAngle ? 'any-angle' : 'grid';
      const avoidance = this.elements.crowdAvoid.checked;
      const c = await Crowd.start(planner, s.shown.terrain, components, { seed: 7, units, pathShape, avoidance, onProgress: this.#buildProgress(build) });
      c.metrics.build = build;
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
      this.#showButtons();
      const walk = (c.metrics.pathShape === 'any-angle' ? ' walking straight lines at any angle' : c.metrics.pathShapeNote ? ` walking cells (${c.metrics.pathShapeNote})` : '') + (avoidance ? ', avoiding one another' : '');
      this.panels.say(`Crowd: ${c.count} agents${walk}; every plan and search in the worker pool (${c.metrics.poolMode} mode: ${c.metrics.poolReason}). Paint walls to make them re-plan.`);
      this.frames.request();
    } catch (error) {
      this.panels.say(`Cannot start the crowd: ${errorText(error)}`, true);
    } finally {
      s.crowdStarting = false;
      crowdToggle.disabled = false;
      this.elements.crowdProgressRow.hidden = true;
    }
  }

  /** Shows the workers' build in the crowd panel's progress bar (buildProgress.ts). */
  #buildProgress(seen: CrowdMetrics['build']): (progress: BuildProgress) => void {
    const { crowdProgressRow, crowdProgress, crowdProgressPhase } = this.elements;
    return showBuildIn({ row: crowdProgressRow, bar: crowdProgress, label: crowdProgressPhase }, seen);
  }

  async stop(): Promise<void> {
    const s = this.state;
    const c = s.crowd;
    s.crowd = null;
    this.#showButtons();
    if (c) {
      // Stopped: no agent, no figure left over from the run.
      s.demo.crowd = emptyCrowdMetrics();
      this.panels.clearCrowdNumbers();
      this.frames.request();
      await c.close();
    }
  }
}
