// The widget as an integrator sets it up: API and frame URLs, the two tour events, initialize. Both pages of this
// scenario load it, so a co-browse tour that clicks a link to the other page goes on there.
import Gleap from '/sdk/index.js';

window.tourEvents = [];
Gleap.setApiUrl('https://api.voltline.test');
Gleap.setWSApiUrl('wss://ws.voltline.test');
Gleap.setFrameUrl(window.e2eMessengerUrl || 'http://127.0.0.1:4280/');
Gleap.on('productTourCompleted', (d) => window.tourEvents.push(['completed', d.tourId]));
Gleap.on('productTourQuit', (d) => window.tourEvents.push(['quit', d.tourId]));
Gleap.on('initialized', () => {
  window.widgetReady = true;
});
window.Gleap = Gleap;
Gleap.initialize('e2e-key');
