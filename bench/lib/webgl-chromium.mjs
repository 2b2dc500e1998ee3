// The Chromium flags of the benches that need WebGL (the maps) on a machine without a GPU (decision 0106).

/** WebGL on SwiftShader: MapLibre needs a WebGL context, and this machine has no GPU. */
export const WEBGL_ARGS = ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'];

/**
 * Composite the page in software, with damage tracking, as the benches without WebGL do. With `WEBGL_ARGS` alone the
 * whole page is composited on SwiftShader, which redraws the full viewport on every frame (20-28 ms of GPU-process CPU
 * a frame for a page that moves one 10 px box). Software compositing instead reads a WebGL canvas back on every frame
 * it draws, so only a bench whose measured frames do not draw WebGL takes it (the dashboard drag holds its map).
 */
export const SOFTWARE_COMPOSITING_ARG = '--disable-gpu-compositing';
