import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** KB (gz) of the JS a built app's index.html loads before anything else: its entry script and modulepreloads. */
export function initialJsKb(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
  if (files.size === 0) throw new Error(`no entry script in ${distDir}/index.html: build it first`);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(distDir, file.replace(/^\.?\//, '')))).length;
  return Math.round((bytes / 1024) * 10) / 10;
}
