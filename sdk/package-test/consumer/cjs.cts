// CommonJS (NodeNext, .cts): the three ways gleap's CommonJS users reach it, and the types.
import Gleap = require('@voltline/widget');
import type { GleapUserProperties } from '@voltline/widget';

const user: GleapUserProperties = { name: 'Ada' };
const fromType: Gleap.GleapStyles = { primaryColor: '#0a7' };
Gleap.initialize('YOUR_SDK_KEY');
Gleap.default.identify('user-42', user);
Gleap.Gleap.setStyles(fromType);
export const sameDefault: boolean = Gleap.default === Gleap.Gleap;
