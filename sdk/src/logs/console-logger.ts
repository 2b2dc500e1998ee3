import { CLICK_TEXT_MAX, LOG_BUFFER_SIZE, LOG_MESSAGE_MAX } from '../core/constants';
import { REDACTED, isSensitiveName, redactText } from '../core/redaction';
import type { ConsoleLogEntry } from '../core/report-types';
import { pushBounded } from './ring-buffer';

type Level = ConsoleLogEntry['priority'];

const METHODS: Record<string, Level> = { log: 'INFO', info: 'INFO', debug: 'INFO', warn: 'WARNING', error: 'ERROR' };

let logs: ConsoleLogEntry[] = [];
let restore: (() => void) | null = null;

/** Turn console arguments into readable text: objects as JSON (never `[object Object]`), errors with their stack. */
export function stringifyArg(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error) return arg.stack || `${arg.name}: ${arg.message}`;
  if (arg === undefined || typeof arg === 'function' || typeof arg === 'symbol') return String(arg);
  if (typeof Element !== 'undefined' && arg instanceof Element) return `<${arg.tagName.toLowerCase()}>`;
  try {
    const seen = new WeakSet<object>();
    return (
      JSON.stringify(arg, (k, v) => {
        if (k !== '' && isSensitiveName(k)) return REDACTED;
        if (typeof v === 'bigint') return `${v}n`;
        if (v && typeof v === 'object') {
          if (seen.has(v)) return '[Circular]';
          seen.add(v);
        }
        return v;
      }) ?? String(arg)
    );
  } catch {
    return String(arg);
  }
}

/** Add one entry; empty messages are ignored, long ones cut to 1000 characters, secrets masked. */
export function addLog(message: string, priority: Level = 'INFO'): void {
  if (!message?.trim()) return;
  pushBounded(
    logs,
    { log: redactText(message).slice(0, LOG_MESSAGE_MAX), date: new Date().toISOString(), priority },
    LOG_BUFFER_SIZE,
  );
}

export function addLogWithArgs(args: unknown[], priority: Level): void {
  addLog(args.map(stringifyArg).join(' '), priority);
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

export function getConsoleLogs(): ConsoleLogEntry[] {
  return logs.slice();
}

export function clearConsoleLogs(): void {
  logs = [];
}
