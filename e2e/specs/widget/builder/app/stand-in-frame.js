// The stand-in builder frame: records what the page sends, sends `loaddata` and `navigate` when it loads, and its
// buttons send `status-changed` as the builder's toolbar does.
const pageOrigin = location.ancestorOrigins[0];
window.received = [];
window.addEventListener('message', (event) => {
  if (event.origin !== pageOrigin) return;
  window.received.push({ origin: event.origin, ...JSON.parse(event.data) });
});
window.sendToPage = (name, data, extra = { type: 'tourbuilder' }) =>
  parent.postMessage(JSON.stringify({ ...extra, name, data }), pageOrigin);
for (const button of document.querySelectorAll('[data-status]')) {
  button.addEventListener('click', () => window.sendToPage('status-changed', button.dataset.status));
}
window.sendToPage('loaddata');
window.sendToPage('status-changed', 'navigate');
