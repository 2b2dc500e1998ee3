import { core } from '../core/pipeline-core';

/** Objects nested deeper than this are shown as `"[Object]"` / `"[Array]"`. */
export const SERIALIZE_MAX_DEPTH = 10;

/**
 * A console argument as readable text, JSON-like for objects (never `[object Object]`), built only when a report needs
 * it and stopped as soon as `limit` characters are written: a 200,000-item array costs what its first items cost.
 * Host code never runs: getters are shown as `"[Getter]"` and `toJSON` is not called. Fields named like a secret are
 * redacted; a cycle is shown as `"[Circular]"`.
 */
export function serializeArg(arg: unknown, limit: number): string {
  if (typeof arg === 'string') return arg.slice(0, limit);
  if (arg instanceof Error) return (arg.stack || `${arg.name}: ${arg.message}`).slice(0, limit);
  if (arg === undefined || typeof arg === 'function' || typeof arg === 'symbol') return String(arg);
  if (typeof Element !== 'undefined' && arg instanceof Element) return `<${arg.tagName.toLowerCase()}>`;
  let out = '';
  const full = () => out.length >= limit;
  const ancestors: object[] = [];

  function write(value: unknown, depth: number): void {
    if (full()) return;
    if (value === null || typeof value === 'number' || typeof value === 'boolean') {
      out += JSON.stringify(value);
      return;
    }
    if (typeof value === 'string') {
      out += JSON.stringify(value.length > limit ? value.slice(0, limit) : value);
      return;
    }
    if (typeof value === 'bigint') {
      out += `"${value}n"`;
      return;
    }
    if (typeof value !== 'object') {
      out += 'null';
      return;
    }
    const label = describe(value);
    if (label !== undefined) {
      out += JSON.stringify(label);
      return;
    }
    if (ancestors.includes(value)) {
      out += '"[Circular]"';
      return;
    }
    if (depth >= SERIALIZE_MAX_DEPTH) {
      out += Array.isArray(value) ? '"[Array]"' : '"[Object]"';
      return;
    }
    ancestors.push(value);
    if (Array.isArray(value)) {
      out += '[';
      for (let i = 0; i < value.length && !full(); i += 1) {
        if (i > 0) out += ',';
        const item = ownValue(value, String(i));
        write(item === SKIP ? null : item, depth + 1);
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const key of Object.keys(value)) {
        if (full()) break;
        const item = core.isSensitiveName(key) ? core.REDACTED : ownValue(value, key);
        if (item === SKIP) continue;
        out += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        write(item, depth + 1);
      }
      out += '}';
    }
    ancestors.pop();
  }

  write(arg, 0);
  return out.slice(0, limit);
}

const SKIP = Symbol('skip');

/** An own property's value without running a getter; SKIP for what JSON leaves out. */
function ownValue(obj: object, key: string): unknown {
  const d = Object.getOwnPropertyDescriptor(obj, key);
  if (!d) return SKIP;
  if (!('value' in d)) return '[Getter]';
  const v = d.value;
  return v === undefined || typeof v === 'function' || typeof v === 'symbol' ? SKIP : v;
}

/** A one-word stand-in for objects whose own fields say nothing (or would cost much), else undefined. */
function describe(value: object): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Error) return value.stack || `${value.name}: ${value.message}`;
  if (typeof Element !== 'undefined' && value instanceof Element) return `<${value.tagName.toLowerCase()}>`;
  if (value instanceof Map || value instanceof Set) return `[${value.constructor.name}(${value.size})]`;
  // a typed array's or buffer's bytes say nothing in a log and would cost one read per byte
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.constructor.name}]`;
  return undefined;
}
