// A plain static file server for the site's check, as a static host serves build/site/: files only, under a
// base path, each with its content type, and nothing else (no fallback page, no folder index: a link to a
// folder is a broken link here), so that a page that works here works on any static host. With `isolated`,
// every response carries the two headers of cross-origin isolation, as a host configured for threads sends.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'text/plain; charset=utf-8',
  '.scen': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export interface StaticServer {
  /** The site's address: `http://127.0.0.1:PORT${base}`. */
  url: string;
  close(): Promise<void>;
}

/** The file under `folder` that `pathname` names below `base`, or null when it names none. */
function fileOf(folder: string, base: string, pathname: string): string | null {
  if (!pathname.startsWith(base)) return null;
  const relative = normalize(decodeURIComponent(pathname.slice(base.length)));
  if (relative.startsWith('..') || relative.startsWith(sep)) return null;
  return join(folder, relative);
}

async function answer(folder: string, base: string, url: string, headers: Record<string, string>) {
  const file = fileOf(folder, base, new URL(url, 'http://host').pathname);
  if (file && (await stat(file).catch(() => null))?.isFile()) {
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    return { status: 200, headers: { ...headers, 'Content-Type': type }, body: await readFile(file) };
  }
  return { status: 404, headers: { ...headers, 'Content-Type': 'text/plain' }, body: Buffer.from('not found\n') };
}

/**
 * Serves `folder` at `base` (e.g. `/hpastar/`) on a free port of 127.0.0.1.
 * @param isolated whether every response says `Cross-Origin-Opener-Policy: same-origin` and
 *   `Cross-Origin-Embedder-Policy: require-corp`
 */
export async function serveStatic(folder: string, base: string, isolated: boolean): Promise<StaticServer> {
  const headers = isolated ? ISOLATION_HEADERS : {};
  const server: Server = createServer((request, response) => {
    answer(folder, base, request.url ?? '/', headers).then(
      (a) => response.writeHead(a.status, a.headers).end(a.body),
      (error: Error) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // the browser keeps its connections open
      }),
  };
}
