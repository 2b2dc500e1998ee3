// A page that adds the widget's UMD script from a CDN (another origin: localhost instead of 127.0.0.1), as a tag manager
// would, and sets it up once it has loaded. The lazy chunks (tours, banner, capture) come from beside the script.
window.tourEvents = [];
const script = document.createElement('script');
script.src = `http://localhost:${location.port}/sdk/umd/index.umd.js`;
script.async = true;
script.onload = () => {
  const Gleap = window.Gleap;
  Gleap.setApiUrl('https://api.voltline.test');
  Gleap.setWSApiUrl('wss://ws.voltline.test');
  Gleap.setFrameUrl(window.e2eMessengerUrl || 'http://127.0.0.1:4280/');
  if (window.e2eBannerUrl) Gleap.setBannerUrl(window.e2eBannerUrl);
  // the stand-in admin builder of the builder scenario
  Gleap.setBuilderUrl(`http://localhost:${location.port}/builder/app`);
  // the shop's own secret field: the screenshot chunk must mask it by the policy set here, in the script's core
  Gleap.setRedactionPolicy({ fields: ['password', 'fleetcode'] });
  Gleap.setCustomData('plan', 'pro');
  Gleap.on('productTourCompleted', (d) => window.tourEvents.push(['completed', d.tourId]));
  Gleap.on('productTourQuit', (d) => window.tourEvents.push(['quit', d.tourId]));
  Gleap.on('initialized', () => {
    Gleap.trackEvent('host-page-loaded');
    window.widgetReady = true;
  });
  Gleap.initialize('e2e-key');
};
document.head.appendChild(script);
