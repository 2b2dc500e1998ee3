import { hashBlob } from './sha256';

/** Hashes one file posted to it: posts `{progress}` while reading, then `{hash}` (or `{error}`). */
self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const hash = await hashBlob(event.data, (progress) => self.postMessage({ progress }));
    self.postMessage({ hash });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
