// Entry of the CommonJS build (its one export is the default, so `module.exports` is it: tsup.config.ts). `require('@voltline/widget')`
// is the Gleap object itself, as `require('gleap')` is, and `.Gleap` and `.default` point to it, so the three ways
// CommonJS code reaches gleap all work (decision 0060). Not enumerable: `Object.keys(Gleap)` stays the public API.
import { Gleap } from './index';

Object.defineProperties(Gleap, { Gleap: { value: Gleap }, default: { value: Gleap } });

export default Gleap;
