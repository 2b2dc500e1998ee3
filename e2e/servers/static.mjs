// A small static file server for the demo and the browser tests: one port, several mounts, optional SPA fallback.
// Usage: node servers/static.mjs --port 4173 --root ../portal/dist-demo [--spa] [--mount /sdk=../sdk/dist ...]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.pbf': 'application/x-protobuf',
  '.geojson': 'application/geo+json',
  '.mp3': 'audio/mpeg',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Start a static server; resolves with the node http server once it listens. */
export function startStaticServer({ port, host = '127.0.0.1', root, spa = false, mounts = {}, headers = {} }) {
  const mountList = Object.entries(mounts)
    .map(([prefix, dir]) => [prefix.replace(/\/$/, ''), resolve(dir)])
    .sort((a, b) => b[0].length - a[0].length);
  const rootDir = resolve(root);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let pathname = decodeURIComponent(url.pathname);
    let base = rootDir;
    for (const [prefix, dir] of mountList) {
      if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
        base = dir;
        pathname = pathname.slice(prefix.length) || '/';
        break;
      }
    }
    const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    let file = join(base, safe);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      if (spa && base === rootDir && !extname(safe)) file = join(rootDir, 'index.html');
      else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      ...(file.endsWith('mockServiceWorker.js') ? { 'service-worker-allowed': '/' } : {}),
      ...headers,
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

function parseArgs(argv) {
  const args = { mounts: {}, spa: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--port') args.port = Number(argv[++i]);
    else if (a === '--host') args.host = argv[++i];
    else if (a === '--root') args.root = argv[++i];
    else if (a === '--spa') args.spa = true;
    else if (a === '--mount') {
      const [prefix, dir] = argv[++i].split('=');
      args.mounts[prefix] = dir;
    }
  }
  return args;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  if (!args.port || !args.root) {
    console.error('usage: static.mjs --port N --root DIR [--spa] [--mount /prefix=DIR]');
    process.exit(2);
  }
  await startStaticServer(args);
  console.log(`static: http://${args.host ?? '127.0.0.1'}:${args.port} -> ${args.root}`);
}
