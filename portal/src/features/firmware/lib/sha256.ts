/** Files above this size are hashed in a worker, so the page stays responsive. */
export const WORKER_THRESHOLD = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A blob's bytes: `Blob.arrayBuffer` where it exists, else a FileReader (older engines, jsdom). */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Reads a file chunk by chunk (reporting the share read, 0-1) and returns its SHA-256 as hex, with Web Crypto.
 * Shared by the worker and the main thread.
 */
export async function hashBlob(blob: Blob, onProgress: (share: number) => void): Promise<string> {
  const bytes = new Uint8Array(blob.size);
  for (let offset = 0; offset < blob.size; offset += CHUNK) {
    const part = blob.slice(offset, offset + CHUNK);
    const chunk = new Uint8Array(await readBlob(part));
    bytes.set(chunk, offset);
    onProgress(Math.min(1, (offset + chunk.length) / Math.max(1, blob.size)));
  }
  onProgress(1);
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** The SHA-256 of a file, in a worker for large files (where workers exist), with progress. */
export function sha256OfFile(file: File, onProgress: (share: number) => void): Promise<string> {
  if (file.size < WORKER_THRESHOLD || typeof Worker === 'undefined') return hashBlob(file, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ progress?: number; hash?: string; error?: string }>) => {
      const { progress, hash, error } = event.data;
      if (progress !== undefined) onProgress(progress);
      if (hash !== undefined || error !== undefined) {
        worker.terminate();
        if (hash !== undefined) resolve(hash);
        else reject(new Error(error));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file could not be hashed.'));
    };
    worker.postMessage(file);
  });
}
