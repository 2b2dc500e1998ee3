import Gleap from '/sdk/index.js';

Gleap.setApiUrl('https://api.voltline.test');
Gleap.setFrameUrl(window.e2eMessengerUrl || 'http://127.0.0.1:4280/');
// the socket runs on every host (as in gleap), so the page's connect-src names it
Gleap.setWSApiUrl('wss://ws.voltline.test');
Gleap.on('initialized', () => {
  window.widgetReady = true;
});
Gleap.initialize('e2e-key');
