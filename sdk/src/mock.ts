// Entry of `@voltline/widget/mock`: MSW handlers for the Widget API (filled by the Widget core issue).
export const WIDGET_MOCK_VERSION = 1;
