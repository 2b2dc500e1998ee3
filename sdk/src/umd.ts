// Entry of the UMD build: `window.Gleap` is the default export. A script tag runs the loader snippet's queued calls
// (`window.GleapActions`) as soon as it loads, as gleap's own bundle does.
import Gleap from './index';
import { drainSnippetQueue } from './links/snippet-queue';

if (typeof window !== 'undefined') drainSnippetQueue(Gleap as unknown as Record<string, unknown>);

export default Gleap;
