import type { BugReport } from './report-types';

const DB = 'voltline-widget';
const STORE = 'reports';

export interface QueuedReport {
  id?: number;
  apiUrl: string;
  sdkKey: string;
  headers: Record<string, string>;
  report: BugReport;
  queuedAt: number;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const t = db.transaction(STORE, mode);
        const req = run(t.objectStore(STORE));
        t.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        t.onerror = () => {
          db.close();
          reject(t.error);
        };
      }),
  );
}

/**
 * Keep a report until the server took it (written before the first attempt); an item with an `id` replaces the kept one
 * (the report once its recording is uploaded).
 */
export function enqueueReport(item: QueuedReport): Promise<IDBValidKey> {
  return tx('readwrite', (s) => s.put(item));
}

export function listQueuedReports(): Promise<QueuedReport[]> {
  return tx('readonly', (s) => s.getAll() as IDBRequest<QueuedReport[]>);
}

export function removeQueuedReport(id: number): Promise<undefined> {
  return tx('readwrite', (s) => s.delete(id));
}
