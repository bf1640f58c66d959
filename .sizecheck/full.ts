import { loadHpastar } from '/work/main/web/lib/index.ts';
const hp = await loadHpastar();
console.log(hp.Grid);
