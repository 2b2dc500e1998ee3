/**
 * Capabilities that land with later issues (product tours) register their entry points here when their chunk loads;
 * until then the public functions that need them do nothing. The notification stack, the banner and the tooltips
 * load through `engage-port.ts`.
 */
export const extensions: {
  startProductTour?: (tourId: string) => void;
  startProductTourWithConfig?: (tourId: string, config: unknown) => void;
} = {};
