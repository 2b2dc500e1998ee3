/** Builds the harness page with the portal's Vite into `outDir` and returns it. */
export function buildHarness(options: { outDir: string }): string;

/** Serves the harness on a free loopback port, built once per Playwright run. */
export function startHarness(): Promise<{ url: string; close(): Promise<void> }>;
