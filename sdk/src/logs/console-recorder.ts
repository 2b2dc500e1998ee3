import { CLICK_TEXT_MAX, LOG_BUFFER_SIZE, LOG_MESSAGE_MAX } from '../core/constants';
import type { ConsoleLogEntry } from '../core/report-types';
import { pushBounded } from './ring-buffer';

type Level = ConsoleLogEntry['priority'];

const METHODS: Record<string, Level> = { log: 'INFO', info: 'INFO', debug: 'INFO', warn: 'WARNING', error: 'ERROR' };

/**
 * The console recorder the core runs from initialize; reading the log (serialising and redacting it) is
 * `console-logger.ts`, which only the report pipeline loads.
 *
 * What a console call leaves behind: its arguments by reference, serialised (and redacted) only when a report asks for
 * the log, so that logging an object costs the host page next to nothing. Serialised once, then kept as text.
 */
export interface PendingEntry {
  args?: unknown[];
  log?: string;
  time: number;
  priority: Level;
}

let logs: PendingEntry[] = [];

/** The entries as kept (read and serialised by `console-logger.ts`, in the report pipeline). */
export const pendingLogs = (): PendingEntry[] => logs;
let restore: (() => void) | null = null;

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

export function clearConsoleLogs(): void {
  logs = [];
}
