import type { Aedes } from 'aedes';

export interface StartedBroker {
  aedes: Aedes;
  host: string;
  port: number;
  /** `ws://host:port` */
  url: string;
  /** Drops every client connection as a network failure would. */
  disconnectAll(): void;
  close(): Promise<void>;
}

export function startBroker(options?: {
  port?: number;
  host?: string;
  credentials?: { username: string; password: string };
}): Promise<StartedBroker>;
