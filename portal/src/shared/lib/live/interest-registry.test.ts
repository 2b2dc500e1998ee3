import { expect, test } from 'vitest';
import { createInterestRegistry } from './interest-registry';

test('the union holds every topic some owner wants', () => {
  const registry = createInterestRegistry();
  registry.set('list', ['a', 'b']);
  registry.set('details', ['b', 'c']);
  expect([...registry.union()].sort()).toEqual(['a', 'b', 'c']);
});

test('a topic stays while another owner still wants it', () => {
  const registry = createInterestRegistry();
  registry.set('list', ['a', 'b']);
  registry.set('details', ['b']);
  expect(registry.clear('list')).toBe(true);
  expect([...registry.union()]).toEqual(['b']);
});

test('replacing an owner with the same topics does not change the union', () => {
  const registry = createInterestRegistry();
  registry.set('list', ['a', 'b']);
  expect(registry.set('list', ['b', 'a'])).toBe(false);
});

test('an owner with no topics is forgotten', () => {
  const registry = createInterestRegistry();
  registry.set('map', ['t']);
  registry.set('map', []);
  expect(registry.owners()).toEqual([]);
  expect(registry.union().size).toBe(0);
});
