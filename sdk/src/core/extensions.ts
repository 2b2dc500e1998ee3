/**
 * Capabilities that land with later issues (notifications UI, banners, product tours) register their entry points
 * here when their chunk loads; until then the public functions that need them do nothing.
 */
export const extensions: {
  showNotification?: (data: unknown) => void;
  showBanner?: (data: unknown) => void;
  closeBanner?: () => void;
  startProductTour?: (tourId: string) => void;
  startProductTourWithConfig?: (tourId: string, config: unknown) => void;
} = {};
