/** Side-navigation groups, in display order. */
export const NAV_GROUPS = {
  overview: 'Overview',
  fleet: 'Fleet & devices',
  operations: 'Operations',
  people: 'People & access',
  system: 'System',
} as const;
export type NavGroup = keyof typeof NAV_GROUPS;
