/** Builds the live harness page with the portal's Vite into `outDir` and returns it. */
export function buildHarness(options: { outDir: string }): string;

/** Builds the harness and serves it on a free loopback port. */
export function startHarness(options: { outDir: string }): Promise<{ url: string; close(): Promise<void> }>;
