import { afterEach, describe, expect, test, vi } from 'vitest';
import { inlineCss, type ResourceLoader, resolveResources, shouldInline } from './inline-resources';
import { serializeDocument } from './serialize-dom';

function fakeLoader(failing: string[] = []): ResourceLoader & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async imageToDataUrl(url) {
      calls.push(url);
      if (failing.includes(url)) throw new Error('cannot decode');
      return `data:image/jpeg;base64,IMG(${url.split('/').pop()})`;
    },
    async fetchAsDataUrl(url) {
      calls.push(url);
      if (failing.includes(url)) throw new Error('404');
      return `data:image/png;base64,RAW(${url.split('/').pop()})`;
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('shouldInline', () => {
  test('inlines images of the page host', () => {
    expect(shouldInline('http://localhost:5173/logo.png')).toBe(true);
  });

  test('never inlines fonts, font hosts, CDNs or data URLs', () => {
    expect(shouldInline('http://localhost:5173/inter.woff2')).toBe(false);
    expect(shouldInline('https://fonts.googleapis.com/css2?family=Inter')).toBe(false);
    expect(shouldInline('https://unpkg.com/x/logo.png')).toBe(false);
    expect(shouldInline('data:image/png;base64,AAA')).toBe(false);
  });
});

describe('inlineCss', () => {
  test('replaces image urls by data URLs and leaves fonts as absolute URLs', async () => {
    const loader = fakeLoader();
    const css = '.a{background:url(img/bg.png)} @font-face{src:url("f/inter.woff2")}';
    const out = await inlineCss(css, 'http://localhost:5173/css/app.css', loader);
    expect(out).toBe(
      '.a{background:url("data:image/png;base64,RAW(bg.png)")} @font-face{src:url("http://localhost:5173/css/f/inter.woff2")}',
    );
    expect(loader.calls).toEqual(['http://localhost:5173/css/img/bg.png']);
  });

  test('fetches a url used twice only once', async () => {
    const loader = fakeLoader();
    await inlineCss('.a{background:url(x.png)}.b{background:url(x.png)}', 'http://localhost/', loader);
    expect(loader.calls).toHaveLength(1);
  });

  test('keeps the absolute url and warns when a resource cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loader = fakeLoader(['http://localhost/missing.png']);
    const out = await inlineCss('.a{background:url(missing.png)}', 'http://localhost/', loader);
    expect(out).toBe('.a{background:url(http://localhost/missing.png)}');
    expect(warn).toHaveBeenCalled();
  });
});

describe('resolveResources', () => {
  test('puts resized images and inlined styles where their markers were', async () => {
    document.body.innerHTML = '<img src="/logo.png"><div style="background:url(/bg.png)"></div>';
    const { html, resources } = serializeDocument(document, { collectResources: true });
    const out = await resolveResources(html, resources, fakeLoader());
    expect(out).toContain('<img src="data:image/jpeg;base64,IMG(logo.png)">');
    expect(out).toContain('style="background:url(&quot;data:image/png;base64,RAW(bg.png)&quot;)"');
    expect(out).not.toMatch(/__gl_resource_/);
  });

  test('keeps the original image URL and logs a warning when resizing fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = '<img src="/broken.png">';
    const { html, resources } = serializeDocument(document, { collectResources: true });
    const out = await resolveResources(html, resources, fakeLoader([`${location.origin}/broken.png`]));
    expect(out).toContain(`<img src="${location.origin}/broken.png">`);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('resize'), expect.anything(), expect.anything());
  });

  test('does not inline images of CDN hosts', async () => {
    document.body.innerHTML = '<img src="https://cdn.jsdelivr.net/npm/pkg/logo.png">';
    const loader = fakeLoader();
    const { html, resources } = serializeDocument(document, { collectResources: true });
    const out = await resolveResources(html, resources, loader);
    expect(out).toContain('src="https://cdn.jsdelivr.net/npm/pkg/logo.png"');
    expect(loader.calls).toEqual([]);
  });
});
