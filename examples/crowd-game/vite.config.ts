// Cross-origin isolation lets the pool share one hierarchy between its threads ('shared' mode); without
// these headers the game still runs, in 'copied' mode.
import { defineConfig } from 'vite';

const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({ base: './', server: { headers: isolation }, preview: { headers: isolation } });
