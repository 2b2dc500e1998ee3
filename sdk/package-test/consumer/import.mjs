// Node ESM: default and named import are the same object; /protocol has its named exports.
import assert from 'node:assert/strict';
import Gleap, { Gleap as Named } from '@voltline/widget';
import { isFrameToWidget } from '@voltline/widget/protocol';

assert.equal(Gleap, Named);
assert.equal(typeof Gleap.initialize, 'function');
assert.equal(typeof isFrameToWidget, 'function');
process.stdout.write(JSON.stringify(Object.keys(Gleap).sort()));
