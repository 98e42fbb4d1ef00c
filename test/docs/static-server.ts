import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  /** Every path requested, with the status served. */
  hits: { path: string; status: number }[];
  close(): Promise<void>;
}

/** A plain static file server on 127.0.0.1 (port 0), like the ones the site will be published on. */
export async function serveStatic(root: string, mount = '/'): Promise<StaticServer> {
  const hits: StaticServer['hits'] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let status = 404;
    if (path.startsWith(mount)) {
      let file = normalize(join(root, path.slice(mount.length)));
      if (file.startsWith(root + sep) || file === root) {
        if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
        if (existsSync(file) && statSync(file).isFile()) {
          status = 200;
          res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
          createReadStream(file).pipe(res);
        }
      }
    }
    hits.push({ path, status });
    if (status === 404) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    hits,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
