// CommonJS: `require()` is Gleap itself, and `.default` and `.Gleap` are the same object (gleap's three ways).
const assert = require('node:assert/strict');
const Gleap = require('@voltline/widget');

assert.equal(typeof Gleap, 'object');
assert.equal(typeof Gleap.initialize, 'function');
assert.equal(require('@voltline/widget').default, Gleap);
assert.equal(require('@voltline/widget').Gleap, Gleap);
assert.equal(typeof require('@voltline/widget').default.identify, 'function');
assert.ok(!Object.keys(Gleap).includes('default'), 'the self references are not enumerable API members');
assert.equal(typeof require('@voltline/widget/protocol').isFrameToWidget, 'function');
process.stdout.write(JSON.stringify(Object.keys(Gleap).sort()));
