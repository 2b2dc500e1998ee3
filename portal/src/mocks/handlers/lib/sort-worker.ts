// The demo server's sort worker: sorts a column of values sent by `SortedIndex` (through `createWorkerSorter`) off
// the page's main thread, where the MSW handlers, React and scrolling share one thread.
import { type SortColumn, sortColumn } from './sorted-index';
import type { SortRequest, SortResponse } from './worker-sorter';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SortRequest>) => void) | null;
  postMessage(message: SortResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  try {
    const { id, positions, numbers, joinedTexts, texts, mixed } = data;
    const column: SortColumn = {
      positions,
      numbers,
      texts: joinedTexts !== null ? joinedTexts.split('\0') : texts,
      mixed,
    };
    // An empty joined string is one empty text, not none: the positions say how many there are.
    if (joinedTexts !== null && positions.length === 0) column.texts = [];
    const order = sortColumn(column);
    scope.postMessage({ id, order, error: null }, [order.buffer]);
  } catch (error) {
    scope.postMessage({ id: data.id, order: null, error: String(error) }, []);
  }
};
