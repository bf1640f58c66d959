import { loadHpastar } from 'hpastar';
import { coldStart, report } from './cold-start.js';

report(coldStart(loadHpastar));
