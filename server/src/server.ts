import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

/**
 * `pnpm --filter @voltline/server start`: read the configuration, start, stop cleanly on SIGTERM or SIGINT. With
 * `--simulate` (what `pnpm start` passes) the fleet simulator runs for the seeded world unless `SIMULATE=0`.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(
    config,
    { level: config.logLevel },
    { simulate: process.argv.includes('--simulate') },
  );
  console.log(`Voltline is running: ${server.url}`);
  let signals = 0;
  const stop = (signal: string) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    console.log(`${signal}: draining requests, closing the broker and the database`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
