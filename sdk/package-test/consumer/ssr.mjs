// Server-side rendering: importing the widget and calling it is safe, and leaves nothing running (the process exits).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import Gleap from '@voltline/widget';

let unhandled = null;
process.on('unhandledRejection', (reason) => {
  unhandled = reason;
});
assert.equal(typeof window, 'undefined');
Gleap.initialize('YOUR_SDK_KEY');
Gleap.open();
Gleap.identify('user-42', { name: 'Ada' });
Gleap.trackEvent('rendered');
assert.equal(Gleap.isOpened(), false);
const Cjs = createRequire(import.meta.url)('@voltline/widget');
Cjs.initialize('YOUR_SDK_KEY');
Cjs.destroy();
setTimeout(() => assert.equal(unhandled, null, `unhandled rejection: ${unhandled}`), 50);
