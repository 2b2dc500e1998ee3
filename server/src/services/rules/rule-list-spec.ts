import { RULE_DEVICE_KINDS } from '@/domain/rules';
import { type ListSpec, parse } from '../lib/list-query';

export const RULE_SORT_FIELDS = ['name', 'updatedAt', 'lastFiredAt', 'enabled'] as const;
export type RuleSortField = (typeof RULE_SORT_FIELDS)[number];

const RULE_FILTERS = {
  enabled: parse.boolean('enabled'),
  scope: parse.int('scope', [1, 2, 3]),
  deviceKind: parse.oneOf('deviceKind', RULE_DEVICE_KINDS),
};
export type RuleFilterField = keyof typeof RULE_FILTERS;

/**
 * The rule list's sorts and filters (openapi.yaml listRules). Search covers name and description; name sorts without
 * case; a rule that never fired sorts as the oldest firing.
 */
export const RULE_LIST: ListSpec<RuleSortField, RuleFilterField> = {
  sortable: RULE_SORT_FIELDS,
  filterable: RULE_FILTERS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
};
