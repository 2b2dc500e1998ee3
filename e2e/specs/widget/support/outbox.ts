import type { Page } from '@playwright/test';

/** One entry of the widget's outbox as a test reads it: the report's description and its recording, file or URL. */
export interface OutboxEntry {
  description: unknown;
  recordingBytes?: number;
  recordingUrl?: string;
}

/** What the widget's outbox (IndexedDB `voltline-widget`, store `reports`) holds in this page's origin. */
export function outboxEntries(page: Page): Promise<OutboxEntry[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxEntry[]>((resolve, reject) => {
        const open = indexedDB.open('voltline-widget', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('reports', { keyPath: 'id', autoIncrement: true });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('reports').objectStore('reports').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(
              all.result.map((item) => ({
                description: item.report.formData.description,
                recordingBytes: item.report.screenRecording?.blob.size,
                recordingUrl: item.report.screenRecordingUrl,
              })),
            );
          };
        };
      }),
  );
}
