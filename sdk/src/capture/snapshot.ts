import { browserResourceLoader, resolveResources } from './inline-resources';
import { getPageInfo, isLiveHost } from './page-info';
import { serializeDocument } from './serialize-dom';
import type { ScreenshotData } from './types';

/**
 * Serialise the page as it looks now for a report's screenshot. On hosts the dashboard cannot reach (local, private),
 * images and stylesheet resources travel inside the HTML. Rejects, after logging `Failed to take snapshot`, when anything fails.
 */
export async function takeSnapshot(): Promise<ScreenshotData> {
  try {
    const info = getPageInfo();
    const x = window.scrollX;
    const y = window.scrollY;
    const inline = !isLiveHost(window.location.hostname);
    const { html, resources } = serializeDocument(document, { collectResources: inline });
    const finalHtml = inline ? await resolveResources(html, resources, browserResourceLoader) : html;
    return { html: finalHtml, ...info, x, y };
  } catch (error) {
    console.error('Failed to take snapshot', error);
    throw error;
  }
}
