/** Report types the widget sends as `action.feedbackType`. */
export const FEEDBACK_TYPES = { bug: 'BUG', feedback: 'FEEDBACK' } as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[keyof typeof FEEDBACK_TYPES];

/** Flow ids of the built-in flows and the report type each one sends. */
export const BUILT_IN_FLOWS: Readonly<Record<string, FeedbackType>> = {
  bugreporting: 'BUG',
  feedback: 'FEEDBACK',
  featurerequests: 'FEEDBACK',
  improvementsuggestion: 'FEEDBACK',
};

export interface ResolvedFlow {
  flow: string;
  feedbackType: FeedbackType;
  /** Set when the flow id is not a built-in one: it names a form defined on the server. */
  formId?: string;
}

/**
 * The form to show for a flow id. Unknown ids are form ids (`GET /forms/{id}`); an id the server does not know
 * gets the bug form, so a visitor can still report what they came to report.
 */
export function resolveFlow(flow: string): ResolvedFlow {
  const id = flow.trim().toLowerCase();
  const builtIn = BUILT_IN_FLOWS[id];
  if (builtIn) return { flow: id, feedbackType: builtIn };
  return { flow, feedbackType: 'BUG', formId: flow };
}
