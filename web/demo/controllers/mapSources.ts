// Where maps come from besides the URL: the picker (bundled maps), the generator dialog, a .map file
// opened or dropped on the page; and Save .map, which writes the map on screen.
import bundledMaps from 'virtual:hpastar-maps';
import { GENERATOR_DEFAULTS, toMovingAI, type GeneratorKind, type GeneratorParams } from '../maps';
import { byId, type Elements } from '../page';
import type { AppState } from '../state';
import { BUNDLED, type MapLoader } from './mapLoading';
import type { ToolController } from './tools';

export class MapSources {
  constructor(private readonly state: AppState, private readonly elements: Elements, private readonly maps: MapLoader, private readonly tools: ToolController) {}

  /** Lists the bundled maps in the picker. */
  fillPicker(): void {
    for (const m of bundledMaps) this.elements.picker.add(new Option(`${m.name} (${m.width} × ${m.height})`, m.name));
  }

  wirePicker(): void {
    const picker = this.elements.picker;
    picker.addEventListener('change', () => {
      if (picker.value && BUNDLED.has(picker.value)) void this.maps.loadBundled(picker.value);
    });
  }

  wireGenerator(): void {
    const dialog = byId<HTMLDialogElement>('generator');
    const kind = byId<HTMLSelectElement>('gen-kind');
    const feature = byId<HTMLInputElement>('gen-feature');
    const featureLabel = byId('gen-feature-label');
    for (const [k, d] of Object.entries(GENERATOR_DEFAULTS)) kind.add(new Option(d.label, k));
    kind.value = 'maze';
    const sync = () => {
      const d = GENERATOR_DEFAULTS[kind.value as GeneratorKind];
      featureLabel.textContent = d.featureLabel;
      feature.min = String(d.min);
      feature.max = String(d.max);
      feature.value = String(d.feature);
      feature.disabled = kind.value === 'empty';
    };
    kind.addEventListener('change', sync);
    sync();
    byId('new-map').addEventListener('click', () => dialog.showModal());
    dialog.addEventListener('close', () => {
      if (dialog.returnValue !== 'ok') return;
      const n = (id: string) => Math.round(Number(byId<HTMLInputElement>(id).value));
      const k = kind.value as GeneratorKind;
      const d = GENERATOR_DEFAULTS[k];
      const params: GeneratorParams = {
        kind: k,
        width: Math.min(4096, Math.max(4, n('gen-width') || 256)),
        height: Math.min(4096, Math.max(4, n('gen-height') || 256)),
        feature: k === 'empty' ? 0 : Math.min(d.max, Math.max(d.min, n('gen-feature') || d.feature)),
        seed: Math.max(0, n('gen-seed') || 0),
      };
      // An empty map is for drawing on: the Brush is chosen, and the status line says so (MapLoader).
      if (k === 'empty' && this.state.tool === 'path') this.tools.set('brush');
      void this.maps.loadGenerated(params);
    });
  }

  wireFiles(): void {
    const input = byId<HTMLInputElement>('file-input');
    byId('open-file').addEventListener('click', () => input.click());
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (file) void this.maps.loadFile(file);
      input.value = '';
    });
    const hint = byId('drop-hint');
    window.addEventListener('dragover', (e) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      hint.hidden = false;
    });
    window.addEventListener('dragleave', (e) => {
      if (e.relatedTarget === null) hint.hidden = true;
    });
    window.addEventListener('drop', (e) => {
      e.preventDefault();
      hint.hidden = true;
      const file = e.dataTransfer?.files[0];
      if (file) void this.maps.loadFile(file);
    });
    byId('save-map').addEventListener('click', () => {
      const { shown } = this.state;
      if (!shown) return;
      const blob = new Blob([toMovingAI(shown)], { type: 'text/plain' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = shown.name.endsWith('.map') ? shown.name : `${shown.name}.map`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
  }
}
