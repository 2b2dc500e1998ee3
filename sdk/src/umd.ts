// Entry of the UMD build: `window.Gleap` is the default export.
import Gleap from './index';

export default Gleap;
