import { afterEach, expect, test } from 'vitest';
import { isUnique, ownCandidates, reachable, uniqueSelector } from './selector';

afterEach(() => {
  document.body.innerHTML = '';
});

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

test('an element with an id the site chose is named by its id', () => {
  document.body.innerHTML = '<main><button id="save-settings" class="btn btn-primary">Save</button></main>';
  expect(uniqueSelector($('button'))).toBe('#save-settings');
});

test('generated ids are skipped: React useId, long digit runs, UUIDs and widget-library prefixes', () => {
  for (const id of [
    ':r1:',
    '«r2»',
    'ember1234',
    'field-20240611',
    '3f2b9c1e-8a7d-4c2e-9f1a-0b6c5d4e3a21',
    'mui-42',
    'radix-7',
  ]) {
    document.body.innerHTML = `<section><p>a</p><input id="${id}"></section>`;
    expect(uniqueSelector($('input')), id).toBe('body > section > input');
  }
});

test('an id that is not unique on the page is not used; the path is', () => {
  document.body.innerHTML = '<div><span id="twin">a</span></div><div><span id="twin">b</span></div>';
  const second = document.querySelectorAll('span')[1]!;
  expect(uniqueSelector(second)).toBe('body > div:nth-of-type(2) > span');
});

test('test attributes come before other data attributes and before the id', () => {
  document.body.innerHTML = '<button id="go" data-track="hero" data-testid="start-trip">Go</button>';
  expect(ownCandidates($('button'))).toEqual([
    '#go',
    '[data-testid="start-trip"]',
    'button[data-testid="start-trip"]',
    '[data-track="hero"]',
    'button[data-track="hero"]',
  ]);
  document.body.innerHTML = '<button data-track="hero" data-testid="start-trip">Go</button>';
  expect(uniqueSelector($('button'))).toBe('[data-testid="start-trip"]');
});

test('a data attribute that is shared falls back to the tag with it, then to a path', () => {
  document.body.innerHTML = '<a data-nav="fleet">Fleet</a><button data-nav="fleet">Fleet</button>';
  expect(uniqueSelector($('button'))).toBe('button[data-nav="fleet"]');
});

test('state and framework data attributes never name an element', () => {
  document.body.innerHTML =
    '<ul><li>a</li><li data-state="open" data-v-7ba5bd90 data-reactid=".0.1" data-highlighted data-index="1">b</li></ul>';
  expect(ownCandidates(document.querySelectorAll('li')[1]!)).toEqual([]);
  expect(uniqueSelector(document.querySelectorAll('li')[1]!)).toBe('body > ul > li:nth-of-type(2)');
});

test('form fields are named by their name attribute', () => {
  document.body.innerHTML = '<form><input name="email"><input name="password" type="password"></form>';
  expect(uniqueSelector($('input[type=password]'))).toBe('input[name="password"]');
});

test('without an id or data attribute: an nth-of-type path from the nearest ancestor that has one', () => {
  document.body.innerHTML = `
    <div id="vehicles"><table><tbody>
      <tr><td>EV-1</td><td><button>Open</button></td></tr>
      <tr><td>EV-2</td><td><button>Open</button></td></tr>
    </tbody></table></div>`;
  const open2 = document.querySelectorAll('button')[1]!;
  const selector = uniqueSelector(open2)!;
  expect(selector).toBe('#vehicles > table > tbody > tr:nth-of-type(2) > td:nth-of-type(2) > button');
  expect(isUnique(selector, open2)).toBe(true);
});

test('every element of a page gets a selector that matches it and nothing else', () => {
  document.body.innerHTML = `
    <header><nav><a href="#/a">A</a><a href="#/b">B</a></nav></header>
    <main><section><h2>One</h2><p>x <b>y</b> <b>z</b></p></section><section><h2>Two</h2><p>w</p></section>
    <ul data-testid="list"><li>1</li><li>2</li><li><span>3</span></li></ul><input name="q"><input name="q"></main>`;
  for (const el of document.body.querySelectorAll('*')) {
    const selector = uniqueSelector(el);
    expect(selector && isUnique(selector, el), `${el.outerHTML} -> ${selector}`).toBe(true);
  }
});

test('the selector is stable: the same each time, and unchanged by class changes and by content added elsewhere', () => {
  document.body.innerHTML =
    '<div id="app"><aside><p>side</p></aside><div class="card"><span>Range</span><span>82 km</span></div></div>';
  const km = document.querySelectorAll('.card span')[1]!;
  const first = uniqueSelector(km);
  expect(first).toBe('#app > div > span:nth-of-type(2)');
  expect(uniqueSelector(km)).toBe(first);
  km.className = 'is-hovered css-1x2y3z';
  km.parentElement!.className = 'card card--active';
  $('aside').append(document.createElement('span'));
  document.body.prepend(document.createElement('div'));
  expect(uniqueSelector(km)).toBe(first);
  expect(document.querySelector(first!)).toBe(km);
});

test('ids and values with special characters are quoted into valid selectors', () => {
  document.body.innerHTML = '<p id="user.name">a</p><p id="2nd">b</p><p data-label=\'say "hi"\'>c</p>';
  const ps = document.querySelectorAll('p');
  expect(uniqueSelector(ps[0]!)).toBe('[id="user.name"]');
  expect(uniqueSelector(ps[1]!)).toBe('[id="2nd"]');
  expect(uniqueSelector(ps[2]!)).toBe('[data-label="say \\"hi\\""]');
  for (const p of ps) expect(document.querySelector(uniqueSelector(p)!)).toBe(p);
});

test('an element inside shadow DOM is reached through its host, without throwing', () => {
  document.body.innerHTML = '<div id="wrap"><fleet-card></fleet-card><fleet-card></fleet-card></div>';
  const host = document.querySelectorAll('fleet-card')[1]!;
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = '<div><button>Inside</button></div>';
  const inner = shadow.querySelector('button')!;
  expect(reachable(inner)).toBe(host);
  expect(uniqueSelector(inner)).toBe('#wrap > fleet-card:nth-of-type(2)');
  // nested shadow roots: the outermost host
  const nestedHost = shadow.querySelector('div')!;
  const nested = nestedHost.attachShadow({ mode: 'open' });
  nested.innerHTML = '<i>deep</i>';
  expect(uniqueSelector(nested.querySelector('i')!)).toBe('#wrap > fleet-card:nth-of-type(2)');
});

test('a part of an SVG icon is named by the icon', () => {
  document.body.innerHTML = '<button data-testid="close"><svg viewBox="0 0 1 1"><g><path d="M0 0"/></g></svg></button>';
  const path = $('path');
  expect(reachable(path)).toBe($('svg'));
  expect(uniqueSelector(path)).toBe('[data-testid="close"] > svg');
});

test('body and html name themselves; an element not on the page has no selector', () => {
  expect(uniqueSelector(document.body)).toBe('body');
  expect(uniqueSelector(document.documentElement)).toBe('html');
  expect(uniqueSelector(document.createElement('div'))).toBeNull();
});

test('isUnique is false for an invalid selector instead of throwing', () => {
  document.body.innerHTML = '<p>a</p>';
  expect(isUnique('p[', $('p'))).toBe(false);
  expect(isUnique('p', $('p'))).toBe(true);
});
