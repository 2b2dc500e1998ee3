/** Quick actions the flow config can put on home (`flowConfig.menuItems`), and what each does. */
export const HOME_ACTION_TYPES = [
  'FEEDBACK_FLOW',
  'CONVERSATIONS',
  'BOT',
  'HELP_CENTER',
  'NEWS',
  'CHECKLISTS',
  'OPEN_URL',
  'CUSTOM_ACTION',
] as const;
export type HomeActionType = (typeof HOME_ACTION_TYPES)[number];

export interface HomeAction {
  actionType: HomeActionType;
  title: string;
  description: string;
  /** Flow id (FEEDBACK_FLOW), bot id (BOT), URL (OPEN_URL) or action name (CUSTOM_ACTION). */
  actionBody: string;
}

const DEFAULT_TEXT: Record<HomeActionType, { title: string; description: string }> = {
  FEEDBACK_FLOW: { title: 'Report a bug', description: 'Something does not work as expected' },
  CONVERSATIONS: { title: 'Send us a message', description: 'We usually answer within a day' },
  BOT: { title: 'Chat with us', description: 'Our assistant answers right away' },
  HELP_CENTER: { title: 'Search for help', description: 'Answers to common questions' },
  NEWS: { title: 'Latest news', description: 'What is new in the product' },
  CHECKLISTS: { title: 'Get started', description: 'Your checklists' },
  OPEN_URL: { title: 'Open link', description: '' },
  CUSTOM_ACTION: { title: 'More', description: '' },
};

/** Home without menu items: the two feedback flows. */
export const DEFAULT_HOME_ACTIONS: readonly HomeAction[] = [
  { actionType: 'FEEDBACK_FLOW', actionBody: 'bugreporting', ...DEFAULT_TEXT.FEEDBACK_FLOW },
  {
    actionType: 'FEEDBACK_FLOW',
    actionBody: 'feedback',
    title: 'Send feedback',
    description: 'Ideas, praise or anything else on your mind',
  },
];

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The home actions of a flow config; items of unknown type, or missing what they need, are left out. */
export function readHomeActions(flowConfig: Record<string, unknown>): readonly HomeAction[] {
  const items = flowConfig.menuItems;
  if (!Array.isArray(items) || items.length === 0) return DEFAULT_HOME_ACTIONS;
  const actions: HomeAction[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const actionType = HOME_ACTION_TYPES.find((t) => t === record.actionType);
    if (!actionType) continue;
    const actionBody = text(record.actionBody);
    const needsBody =
      actionType === 'FEEDBACK_FLOW' ||
      actionType === 'BOT' ||
      actionType === 'OPEN_URL' ||
      actionType === 'CUSTOM_ACTION';
    if (needsBody && !actionBody) continue;
    actions.push({
      actionType,
      actionBody,
      title: text(record.title) || DEFAULT_TEXT[actionType].title,
      description: text(record.description) || DEFAULT_TEXT[actionType].description,
    });
  }
  return actions.length > 0 ? actions : DEFAULT_HOME_ACTIONS;
}
