/**
 * Entry points that `initialize` sets (product tours: they load the tours chunk through `engage-port.ts`); before
 * `initialize` the public functions that need them do nothing.
 */
export const extensions: {
  startProductTour?: (tourId: string) => void;
  startProductTourWithConfig?: (tourId: string, config: unknown) => void;
} = {};
