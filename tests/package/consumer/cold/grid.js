import { loadHpastar } from 'hpastar/grid';
import { coldStart, report } from './cold-start.js';

report(coldStart(loadHpastar));
