import { afterEach, beforeEach, expect, test } from 'vitest';
import { getConsoleLogs, stringifyArg } from './console-logger';
import { addLog, clearConsoleLogs, startConsoleLogger, stopConsoleLogger } from './console-recorder';

beforeEach(() => clearConsoleLogs());
afterEach(() => stopConsoleLogger());

test('wrapping keeps the same console object and returns what the original returns', () => {
  const before = console;
  const original = console.info;
  startConsoleLogger();
  expect(console).toBe(before);
  expect(console.info).not.toBe(original);
  expect(console.info('x')).toBe(original.call(console, 'x'));
  stopConsoleLogger();
  expect(console.info).toBe(original);
});

test('log, warn and error become INFO, WARNING and ERROR entries', () => {
  startConsoleLogger();
  console.log('a');
  console.warn('b');
  console.error('c');
  expect(getConsoleLogs().map((l) => [l.log, l.priority])).toEqual([
    ['a', 'INFO'],
    ['b', 'WARNING'],
    ['c', 'ERROR'],
  ]);
});

test('objects are logged readably, not as [object Object]', () => {
  startConsoleLogger();
  const circular: Record<string, unknown> = { id: 1 };
  circular.self = circular;
  console.log('user', { id: 7, roles: ['a'] }, circular);
  expect(getConsoleLogs()[0]!.log).toBe('user {"id":7,"roles":["a"]} {"id":1,"self":"[Circular]"}');
  expect(stringifyArg(new Error('boom'))).toContain('boom');
});

test('the console log keeps the latest 500 entries', () => {
  for (let i = 0; i < 501; i += 1) addLog(`line ${i}`);
  const logs = getConsoleLogs();
  expect(logs).toHaveLength(500);
  expect(logs[0]!.log).toBe('line 1');
});

test('messages are cut to 1000 characters', () => {
  addLog('x'.repeat(1001));
  expect(getConsoleLogs()[0]!.log).toHaveLength(1000);
});

test('empty messages are ignored', () => {
  addLog('');
  addLog('   ');
  expect(getConsoleLogs()).toEqual([]);
});

test('clicks are logged as CLICK with the target text cut to 40 characters', () => {
  startConsoleLogger();
  document.body.innerHTML = `<button id="b">${'y'.repeat(41)}</button>`;
  document.getElementById('b')!.click();
  const entry = getConsoleLogs().at(-1)!;
  expect(entry.priority).toBe('CLICK');
  expect(entry.log).toBe(`[BUTTON] ${'y'.repeat(40)}`);
});

test('secrets in console text are masked by the redaction policy', () => {
  addLog('paying with 4242 4242 4242 4242');
  expect(getConsoleLogs()[0]!.log).toBe('paying with [redacted]');
});

test('with console overwrite disabled the console stays untouched', () => {
  const original = console.log;
  startConsoleLogger({ wrapConsole: false });
  expect(console.log).toBe(original);
});

test('a console call reads nothing of the logged object: no property, getter or toJSON runs at call time', () => {
  startConsoleLogger();
  let reads = 0;
  const target = { a: 1, nested: { b: 2 }, toJSON: () => 'host toJSON' };
  Object.defineProperty(target, 'expensive', { enumerable: true, get: () => (reads += 1000) });
  const watched = new Proxy(target, {
    get(t, k, r) {
      reads += 1;
      return Reflect.get(t, k, r);
    },
    getOwnPropertyDescriptor(t, k) {
      reads += 1;
      return Reflect.getOwnPropertyDescriptor(t, k);
    },
    ownKeys(t) {
      reads += 1;
      return Reflect.ownKeys(t);
    },
  });
  console.log('state', watched);
  expect(reads).toBe(0);
  expect(getConsoleLogs()[0]!.log).toBe('state {"a":1,"nested":{"b":2},"expensive":"[Getter]"}');
  expect(reads).toBeLessThan(1000);
});

test('a huge array is serialised only up to the 1000-character limit, when the log is read', () => {
  startConsoleLogger();
  const huge = Array.from({ length: 200_000 }, (_, i) => ({ i }));
  let reads = 0;
  const watched = new Proxy(huge, {
    getOwnPropertyDescriptor(t, k) {
      reads += 1;
      return Reflect.getOwnPropertyDescriptor(t, k);
    },
  });
  for (let i = 0; i < 5; i += 1) console.log(watched);
  expect(reads).toBe(0);
  const logs = getConsoleLogs();
  expect(logs).toHaveLength(5);
  expect(logs[0]!.log).toHaveLength(1000);
  expect(logs[0]!.log.startsWith('[{"i":0},{"i":1},')).toBe(true);
  expect(reads).toBeLessThan(5 * 200);
});

test('fields named like a secret are redacted in logged objects, at any depth', () => {
  startConsoleLogger();
  console.log({ user: 'ada', auth: { accessToken: 't', 'refresh-token': 'r' } });
  expect(getConsoleLogs()[0]!.log).toBe(
    '{"user":"ada","auth":{"accessToken":"[redacted]","refresh-token":"[redacted]"}}',
  );
});
