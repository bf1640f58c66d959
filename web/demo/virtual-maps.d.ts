/** The maps of maps/, listed by the `bundledMaps` Vite plugin (bundledMaps.ts). */
declare module 'virtual:hpastar-maps' {
  const maps: { name: string; width: number; height: number; scen: boolean }[];
  export default maps;
}
