import Gleap from '/sdk/index.js';

Gleap.setApiUrl('https://api.voltline.test');
Gleap.setFrameUrl(window.e2eMessengerUrl || 'http://127.0.0.1:4280/');
Gleap.setWSApiUrl('wss://ws.voltline.test');
Gleap.setBannerUrl(`${location.origin}/engagement/banner.html`);
Gleap.on('initialized', () => {
  window.widgetReady = true;
});
window.Gleap = Gleap;
Gleap.initialize('e2e-key');
