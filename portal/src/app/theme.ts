import { createTheme } from '@mantine/core';

/** The portal's Mantine theme: one brand colour, rounded cards, the system font stack. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Card: { defaultProps: { shadow: 'xs' } },
  },
});
