// Typings of generate-contract.mjs, for tests/web/contract.test.ts.
/** The path of the generated file, web/lib/generated/contract.ts. */
export const CONTRACT_FILE: string;
/** The text of the generated file, from a loaded module. */
export function contractText(module: object): string;
/** Loads the single-threaded module built in web/lib/wasm. */
export function loadBuiltModule(): Promise<object>;
