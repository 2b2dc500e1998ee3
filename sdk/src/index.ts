// Placeholder: the Widget core issue fills the public API here.
const Gleap = {
  /** Not built yet: the Widget core issue implements it. */
  initialize(_sdkKey: string): void {},
};

export { Gleap };
export default Gleap;
