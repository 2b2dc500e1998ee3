import Gleap from '/sdk/index.js';

Gleap.setApiUrl('https://api.voltline.test');
Gleap.setFrameUrl(window.e2eMessengerUrl || 'http://127.0.0.1:4280/');
// the socket runs on every host (as in gleap), so the page's connect-src names it
Gleap.setWSApiUrl('wss://ws.voltline.test');
Gleap.on('initialized', () => {
  window.widgetReady = true;
});
Gleap.initialize('e2e-key');
// the page animates its heading through the CSSOM (allowed under style-src 'self'), as host pages do: a replay records
// each change as a style attribute mutation
const heading = document.querySelector('h1');
let tick = 0;
setInterval(() => {
  tick += 1;
  heading.style.color = tick % 2 ? 'rgb(10, 125, 90)' : 'rgb(17, 24, 39)';
  heading.style.letterSpacing = `${tick % 3}px`;
}, 100);
