import Gleap from '/sdk/index.js';

Gleap.setApiUrl('https://api.voltline.test');
Gleap.on('initialized', () => {
  window.widgetReady = true;
});
Gleap.initialize('e2e-key');
