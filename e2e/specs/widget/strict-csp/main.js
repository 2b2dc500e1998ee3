import Gleap from '/sdk/index.js';

Gleap.setApiUrl('https://api.voltline.test');
// the socket runs on every host (as in gleap), so the page's connect-src names it
Gleap.setWSApiUrl('wss://ws.voltline.test');
Gleap.on('initialized', () => {
  window.widgetReady = true;
});
Gleap.initialize('e2e-key');
