import { core } from '../core/pipeline-core';
import type { ConsoleLogEntry } from '../core/report-types';
import type { PendingEntry } from './console-recorder';
import { serializeArg } from './serialize-arg';

/**
 * The console log as a report reads it: each entry serialised (`serialize-arg.ts`) and redacted once, when first read.
 * The recording itself is `console-recorder.ts` (in the core); this module is loaded with the report pipeline.
 */

/** Turn one console argument into readable text (see `serializeArg`), at most 1000 characters. */
export function stringifyArg(arg: unknown): string {
  return serializeArg(arg, core.LOG_MESSAGE_MAX);
}

function messageOf(args: unknown[]): string {
  let out = '';
  for (const arg of args) {
    if (out.length >= core.LOG_MESSAGE_MAX) break;
    out += (out ? ' ' : '') + serializeArg(arg, core.LOG_MESSAGE_MAX - out.length);
  }
  return out;
}

function materialize(entry: PendingEntry): ConsoleLogEntry | null {
  if (entry.log === undefined) {
    try {
      entry.log = messageOf(entry.args ?? []);
    } catch {
      entry.log = '';
    }
    entry.args = undefined;
  }
  if (!entry.log.trim()) return null;
  return {
    log: core.redactText(entry.log).slice(0, core.LOG_MESSAGE_MAX),
    date: new Date(entry.time).toISOString(),
    priority: entry.priority,
  };
}

/** The log as sent: each entry serialised and redacted now (once), empty ones left out. */
export function getConsoleLogs(): ConsoleLogEntry[] {
  const out: ConsoleLogEntry[] = [];
  for (const entry of core.pendingLogs()) {
    const e = materialize(entry);
    if (e) out.push(e);
  }
  return out;
}
