import { browserResourceLoader, resolveResources } from './inline-resources';
import { getPageInfo } from './page-info';
import { serializeDocument } from './serialize-dom';
import type { ScreenshotData } from './types';

/**
 * Serialise the page as it looks now for a report's screenshot. When the page is not live (the core's `isLiveMode`:
 * offline, or a local or private host the dashboard cannot reach, unless `setLiveSite` says otherwise), images and
 * stylesheet resources travel inside the HTML. Rejects, after logging `Failed to take snapshot`, when anything fails.
 */
export async function takeSnapshot(live = false): Promise<ScreenshotData> {
  try {
    const info = getPageInfo();
    const x = window.scrollX;
    const y = window.scrollY;
    const inline = !live;
    const { html, resources } = serializeDocument(document, { collectResources: inline });
    const finalHtml = inline ? await resolveResources(html, resources, browserResourceLoader) : html;
    return { html: finalHtml, ...info, x, y };
  } catch (error) {
    console.error('Failed to take snapshot', error);
    throw error;
  }
}

/** The core's hand-over (`core/capture-port.ts` calls it when it loads this chunk). */
export { use } from './core';
