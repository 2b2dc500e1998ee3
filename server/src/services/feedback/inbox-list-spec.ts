import { type ListSpec, parse } from '../lib/list-query';

export const FEEDBACK_SORT_FIELDS = ['createdAt', 'type', 'status', 'priority', 'reportedBy'] as const;
export type FeedbackSortField = (typeof FEEDBACK_SORT_FIELDS)[number];

/** A report's states in the inbox (openapi.yaml FeedbackReportStatus); the widget API stores every new one OPEN. */
export const FEEDBACK_STATUSES = ['OPEN', 'INPROGRESS', 'DONE'] as const;

const FEEDBACK_FILTERS = {
  // The type is the widget's text (BUG, FEATURE_REQUEST, CRASH, ...): any value is a valid filter.
  type: parse.text,
  status: parse.oneOf('status', FEEDBACK_STATUSES),
  sdkKey: parse.text,
};
export type FeedbackFilterField = keyof typeof FEEDBACK_FILTERS;

/** The inbox's list: newest first. Search: description, reporter, page URL, id. Range: createdAt. */
export const FEEDBACK_LIST: ListSpec<FeedbackSortField, FeedbackFilterField> = {
  sortable: FEEDBACK_SORT_FIELDS,
  filterable: FEEDBACK_FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};
