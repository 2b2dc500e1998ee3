import { afterEach, describe, expect, test } from 'vitest';
import { resetRedactionPolicy, setRedactionPolicy, DEFAULT_REDACTION_POLICY } from '../core/redaction';
import { EXCLUDE_ATTRIBUTE } from './constants';
import { absolutizeCssUrls, isExcludedHost, isFontUrl, scaleToFit, serializeDocument } from './serialize-dom';

function page(body: string): Document {
  document.head.innerHTML = '';
  document.body.innerHTML = body;
  return document;
}

const opts = { collectResources: false, canvasToDataUrl: () => 'data:image/jpeg;base64,AAA' };

afterEach(() => {
  document.body.innerHTML = '';
  resetRedactionPolicy();
});

describe('serializeDocument', () => {
  test('carries the live value of a text input typed by the visitor', () => {
    page('<input id="a" type="text">');
    (document.getElementById('a') as HTMLInputElement).value = 'hello world';
    expect(serializeDocument(document, opts).html).toContain('value="hello world"');
  });

  test('never serialises a password value, neither typed nor from the markup', () => {
    page('<input id="p" type="password" value="from-markup">');
    (document.getElementById('p') as HTMLInputElement).value = 'hunter2-secret';
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('hunter2');
    expect(html).not.toContain('from-markup');
    expect(html).toContain('type="password"');
  });

  test('masks the text and values inside gl-mask and gleap-ignore elements', () => {
    page('<div class="gl-mask">Jane Doe <input value="x"></div><p gleap-ignore>IBAN DE00</p><p>visible</p>');
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('Jane');
    expect(html).not.toContain('IBAN');
    expect(html).toContain('**** ***');
    expect(html).toContain('visible');
  });

  test('redacts card numbers and tokens in ordinary text and inputs', () => {
    page('<p>Card 4111 1111 1111 1111 used</p><input id="t">');
    (document.getElementById('t') as HTMLInputElement).value = 'Bearer abcdefghijklmnop';
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('4111 1111');
    expect(html).not.toContain('abcdefghijklmnop');
    expect(html).toContain('[redacted]');
  });

  test('honours a widened redaction policy from the integrator', () => {
    setRedactionPolicy({ maskSelectors: [...DEFAULT_REDACTION_POLICY.maskSelectors, '.customer-name'] });
    page('<span class="customer-name">Ada</span>');
    expect(serializeDocument(document, opts).html).not.toContain('Ada');
  });

  test('writes checkbox, radio, select and textarea state', () => {
    page(
      '<input id="c" type="checkbox"><select id="s"><option>a</option><option>b</option></select><textarea id="t"></textarea>',
    );
    (document.getElementById('c') as HTMLInputElement).checked = true;
    (document.getElementById('s') as HTMLSelectElement).selectedIndex = 1;
    (document.getElementById('t') as HTMLTextAreaElement).value = 'typed <b>text</b>';
    const { html } = serializeDocument(document, opts);
    expect(html).toContain('<input id="c" type="checkbox" checked="">');
    expect(html).toContain('<option selected="">b</option>');
    expect(html).toContain('<textarea id="t">typed &lt;b&gt;text&lt;/b&gt;</textarea>');
  });

  test('drops scripts and inline event handlers', () => {
    page('<script>alert(1)</script><button onclick="steal()">Go</button>');
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onclick');
    expect(html).toContain('<button>Go</button>');
  });

  test('drops links that load script (module preloads, script preloads), keeps stylesheets and icons', () => {
    page('<p>x</p>');
    for (const [rel, as] of [
      ['modulepreload', 'script'],
      ['preload', 'script'],
      ['prefetch', 'worker'],
      ['stylesheet', ''],
      ['icon', ''],
    ]) {
      const link = document.createElement('link');
      link.rel = rel!;
      if (as) link.setAttribute('as', as);
      link.href = `/assets/${rel}.${as || 'css'}`;
      document.head.append(link);
    }
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('preload.script');
    expect(html).not.toContain('prefetch.worker');
    expect(html).toContain('stylesheet.css');
    expect(html).toContain('icon.css');
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  test('turns a canvas into an image of its pixels at its size', () => {
    page('<canvas width="300" height="150" class="chart"></canvas>');
    const { html } = serializeDocument(document, opts);
    expect(html).toContain('<img class="chart" src="data:image/jpeg;base64,AAA" width="300" height="150">');
  });

  test('serialises an open shadow root as declarative shadow DOM with its adopted stylesheet', () => {
    page('<div id="host"></div>');
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>inside the shadow</p>';
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('p { color: red; }');
    root.adoptedStyleSheets = [sheet];
    const { html } = serializeDocument(document, opts);
    expect(html).toMatch(
      /<div id="host"><template shadowrootmode="open"><style data-gl-adopted="">p \{\s*color: red;\s*\}<\/style><p>inside the shadow<\/p><\/template><\/div>/,
    );
  });

  test('adds the document adopted stylesheets to the head', () => {
    page('');
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('body { margin: 3px; }');
    document.adoptedStyleSheets = [sheet];
    const { html } = serializeDocument(document, opts);
    document.adoptedStyleSheets = [];
    expect(html).toMatch(/<style data-gl-adopted="">body \{\s*margin: 3px;\s*\}<\/style><\/head>/);
  });

  test('keeps style rules inserted through the CSSOM with an empty style element', () => {
    page('');
    const style = document.createElement('style');
    document.head.appendChild(style);
    style.sheet!.insertRule('.x { color: blue; }');
    expect(serializeDocument(document, opts).html).toMatch(/<style>\.x \{\s*color: blue;\s*\}<\/style>/);
  });

  test('leaves out the widget UI and the capture editor', () => {
    page(`<div ${EXCLUDE_ATTRIBUTE}>widget</div><p>page</p>`);
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('widget');
    expect(html).toContain('page');
  });

  test('replaces gl-block elements by a grey placeholder', () => {
    page('<div class="gl-block">secret chart</div>');
    const { html } = serializeDocument(document, opts);
    expect(html).not.toContain('secret chart');
    expect(html).toContain('background:#ccc');
  });

  test('makes image and link URLs absolute', () => {
    page('<img src="/img/a.png"><a href="docs/x.html">x</a>');
    const { html } = serializeDocument(document, opts);
    expect(html).toContain(`src="${location.origin}/img/a.png"`);
    expect(html).toContain(`href="${location.origin}/docs/x.html"`);
  });

  test('puts a marker in place of each image to inline when collecting resources', () => {
    page('<img src="/a.png" srcset="/a2.png 2x">');
    const { html, resources } = serializeDocument(document, { ...opts, collectResources: true });
    expect(resources).toEqual([
      expect.objectContaining({ kind: 'image', value: `${location.origin}/a.png`, context: 'attribute' }),
    ]);
    expect(html).toContain(`src="${resources[0]!.marker}"`);
    expect(html).not.toContain('srcset');
  });

  test('escapes attribute values and text', () => {
    page('<p title="a &quot;quote&quot;">1 &lt; 2 &amp; 3</p>');
    expect(serializeDocument(document, opts).html).toContain('<p title="a &quot;quote&quot;">1 &lt; 2 &amp; 3</p>');
  });
});

describe('scaleToFit', () => {
  test('shrinks a large landscape image to fit 500 x 500 keeping its ratio', () => {
    expect(scaleToFit(2000, 1000, 500, 500)).toEqual({ width: 500, height: 250 });
  });

  test('shrinks a tall image by its height', () => {
    expect(scaleToFit(400, 1600, 500, 500)).toEqual({ width: 125, height: 500 });
  });

  test('never enlarges a small image', () => {
    expect(scaleToFit(120, 80, 500, 500)).toEqual({ width: 120, height: 80 });
  });

  test('limits canvases by width only', () => {
    expect(scaleToFit(2800, 3000, 1400, Number.POSITIVE_INFINITY)).toEqual({ width: 1400, height: 1500 });
  });
});

describe('resource rules', () => {
  test('treats font files as fonts whatever their query string', () => {
    expect(isFontUrl('https://x.test/a.woff2?v=3')).toBe(true);
    expect(isFontUrl('https://x.test/a.png')).toBe(false);
  });

  test('excludes font and CDN hosts and their subdomains', () => {
    expect(isExcludedHost('https://fonts.gstatic.com/s/x.png')).toBe(true);
    expect(isExcludedHost('https://cdn.jsdelivr.net/npm/x.png')).toBe(true);
    expect(isExcludedHost('http://localhost:8080/x.png')).toBe(false);
  });

  test('resolves relative CSS urls against the stylesheet URL', () => {
    expect(absolutizeCssUrls('a{background:url("../img/b.png")}', 'http://h.test/css/site.css')).toBe(
      'a{background:url("http://h.test/img/b.png")}',
    );
  });
});
