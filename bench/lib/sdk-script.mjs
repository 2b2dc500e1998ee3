// The widget's source bundled into one classic, minified script for a bench page (as the builds bundle it), with the
// esbuild the sdk's own build uses.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** esbuild as the sdk's build resolves it (through tsup). */
export function sdkEsbuild(root) {
  const sdkRequire = createRequire(join(root, 'sdk/package.json'));
  return createRequire(sdkRequire.resolve('tsup'))('esbuild');
}

/** Bundles `contents` (an entry importing from `resolveDir`, under sdk/src) into one minified IIFE script. */
export async function sdkScript(root, { contents, resolveDir }, esbuild = sdkEsbuild(root)) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    nodePaths: [join(root, 'sdk/node_modules')],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
