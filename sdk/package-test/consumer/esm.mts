// Node ESM (NodeNext): default and named import, and the types.
import Gleap, { Gleap as Named, type GleapEventName } from '@voltline/widget';

const event: GleapEventName = 'feedback-sent';
Gleap.initialize('YOUR_SDK_KEY');
Named.on(event, (data?: unknown) => console.info(data));
export const same: boolean = Gleap === Named;
