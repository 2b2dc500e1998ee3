import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const sdkDir = join(here, '../../../../sdk');
const sdkRequire = createRequire(join(sdkDir, 'package.json'));

/** The part of esbuild's API the tests use (esbuild is not a dependency of e2e, so its types are not either). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
}

// esbuild comes with tsup (the sdk's build tool), so the tests need no dependency of their own to bundle the chunks.
function loadEsbuild(): Esbuild {
  return createRequire(sdkRequire.resolve('tsup'))('esbuild') as Esbuild;
}

/** rrweb-snapshot and rrweb live inside @rrweb/record's dependency tree; resolve them from there for the rebuild harness. */
function rrwebSnapshotPath(): string {
  const recordRequire = createRequire(sdkRequire.resolve('@rrweb/record'));
  const rrwebRequire = createRequire(recordRequire.resolve('rrweb'));
  return rrwebRequire.resolve('rrweb-snapshot');
}

function rrwebPath(): string {
  const recordRequire = createRequire(sdkRequire.resolve('@rrweb/record'));
  // the ESM build: esbuild picks it for the browser bundle through package exports
  return recordRequire.resolve('rrweb').replace(/rrweb\.cjs$/, 'rrweb.js');
}

const cache = new Map<string, Promise<string>>();

/** Bundle a harness entry to one IIFE script, in memory. */
export function bundle(entry: 'harness.ts' | 'rebuild-harness.ts'): Promise<string> {
  const cached = cache.get(entry);
  if (cached) return cached;
  const built = loadEsbuild()
    .build({
      entryPoints: [join(here, entry)],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      nodePaths: [join(sdkDir, 'node_modules')],
      alias: entry === 'rebuild-harness.ts' ? { 'rrweb-snapshot': rrwebSnapshotPath(), rrweb: rrwebPath() } : {},
      logLevel: 'silent',
    })
    .then((result) => result.outputFiles[0]!.text);
  cache.set(entry, built);
  return built;
}

/** Serve the capture harness at /capture-harness.js (and the rebuild helper at /rebuild-harness.js) for this page. */
export async function serveHarness(page: Page): Promise<void> {
  await page.route('**/capture-harness.js', async (route) =>
    route.fulfill({ contentType: 'text/javascript', body: await bundle('harness.ts') }),
  );
  await page.route('**/rebuild-harness.js', async (route) =>
    route.fulfill({ contentType: 'text/javascript', body: await bundle('rebuild-harness.ts') }),
  );
}

/** Fraction (0..1) of pixels that differ noticeably between two PNG screenshots of the same size, computed in the page. */
export async function pixelDifference(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([a64, b64]) => {
      const load = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, img.width, img.height);
      };
      const [x, y] = await Promise.all([load(a64), load(b64)]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        const d =
          Math.abs(x.data[i]! - y.data[i]!) +
          Math.abs(x.data[i + 1]! - y.data[i + 1]!) +
          Math.abs(x.data[i + 2]! - y.data[i + 2]!);
        if (d > 60) differing += 1;
      }
      return differing / (x.width * x.height);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

/** Colour of one pixel of a PNG screenshot, read in the page. */
export async function pixelAt(page: Page, png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  return page.evaluate(
    async ([b64, px, py]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(px, py, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as [number, number, number];
    },
    [png.toString('base64'), x, y] as const,
  );
}
