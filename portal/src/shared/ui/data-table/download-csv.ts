/** Saves CSV text as a file through a temporary object URL (the browser's download, no server round trip). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium starts the download from the click asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
