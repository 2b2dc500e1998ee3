import { CLICK_TEXT_MAX, LOG_BUFFER_SIZE, LOG_MESSAGE_MAX } from '../core/constants';
import { redactText } from '../core/redaction';
import { serializeArg } from './serialize-arg';
import type { ConsoleLogEntry } from '../core/report-types';
import { pushBounded } from './ring-buffer';

type Level = ConsoleLogEntry['priority'];

const METHODS: Record<string, Level> = { log: 'INFO', info: 'INFO', debug: 'INFO', warn: 'WARNING', error: 'ERROR' };

/**
 * What a console call leaves behind: its arguments by reference, serialised (and redacted) only when a report asks for
 * the log, so that logging an object costs the host page next to nothing. Serialised once, then kept as text.
 */
interface PendingEntry {
  args?: unknown[];
  log?: string;
  time: number;
  priority: Level;
}

let logs: PendingEntry[] = [];
let restore: (() => void) | null = null;

/** Turn one console argument into readable text (see `serializeArg`), at most 1000 characters. */
export function stringifyArg(arg: unknown): string {
  return serializeArg(arg, LOG_MESSAGE_MAX);
}

/** Add one entry; empty messages are ignored, long ones cut to 1000 characters, secrets masked when read. */
export function addLog(message: string, priority: Level = 'INFO'): void {
  if (!message?.trim()) return;
  pushBounded(logs, { log: message.slice(0, LOG_MESSAGE_MAX), time: Date.now(), priority }, LOG_BUFFER_SIZE);
}

/** A console call: kept by reference, serialised when read. */
export function addLogWithArgs(args: unknown[], priority: Level): void {
  if (args.length === 0) return;
  pushBounded(logs, { args, time: Date.now(), priority }, LOG_BUFFER_SIZE);
}

function messageOf(args: unknown[]): string {
  let out = '';
  for (const arg of args) {
    if (out.length >= LOG_MESSAGE_MAX) break;
    out += (out ? ' ' : '') + serializeArg(arg, LOG_MESSAGE_MAX - out.length);
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
    log: redactText(entry.log).slice(0, LOG_MESSAGE_MAX),
    date: new Date(entry.time).toISOString(),
    priority: entry.priority,
  };
}

function handleClick(ev: Event): void {
  const el = ev.target as Element | null;
  if (!el || typeof el.tagName !== 'string') return;
  const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, CLICK_TEXT_MAX);
  addLog(`[${el.tagName}] ${text}`, 'CLICK');
}

function handleError(ev: ErrorEvent): void {
  addLogWithArgs(
    [
      `Message: ${ev.message}`,
      `URL: ${ev.filename}`,
      `Line: ${ev.lineno}`,
      `Column: ${ev.colno}`,
      `Stack: ${ev.error?.stack ?? ''}`,
    ],
    'ERROR',
  );
}

/**
 * Wrap the console methods in place: the console object stays the same, each wrapper calls the original with the
 * same arguments and returns what it returns. Returns the function that puts the originals back.
 */
export function startConsoleLogger(options: { wrapConsole: boolean } = { wrapConsole: true }): () => void {
  if (restore) return restore;
  const originals: [string, unknown][] = [];
  if (options.wrapConsole) {
    const c = console as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const [name, level] of Object.entries(METHODS)) {
      const original = c[name];
      if (typeof original !== 'function') continue;
      originals.push([name, original]);
      c[name] = function wrapped(this: unknown, ...args: unknown[]) {
        try {
          addLogWithArgs(args, level);
        } catch {
          // logging must never break the host's console call
        }
        return original.apply(this, args);
      };
    }
  }
  document.addEventListener('click', handleClick, true);
  window.addEventListener('error', handleError);
  restore = () => {
    const c = console as unknown as Record<string, unknown>;
    for (const [name, fn] of originals) c[name] = fn;
    document.removeEventListener('click', handleClick, true);
    window.removeEventListener('error', handleError);
    restore = null;
  };
  return restore;
}

export function stopConsoleLogger(): void {
  restore?.();
}

/** The log as sent: each entry serialised and redacted now (once), empty ones left out. */
export function getConsoleLogs(): ConsoleLogEntry[] {
  const out: ConsoleLogEntry[] = [];
  for (const entry of logs) {
    const e = materialize(entry);
    if (e) out.push(e);
  }
  return out;
}

export function clearConsoleLogs(): void {
  logs = [];
}
