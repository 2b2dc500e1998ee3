import { createTranslator, type TextKey, type Translate } from '../../i18n/translate';

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

/** The text keys of each action's default title and description (English in `TEXTS`, replaceable by config). */
const DEFAULT_TEXT: Record<HomeActionType, { title: TextKey; description?: TextKey }> = {
  FEEDBACK_FLOW: { title: 'homeBugTitle', description: 'homeBugDescription' },
  CONVERSATIONS: { title: 'homeConversationsTitle', description: 'homeConversationsDescription' },
  BOT: { title: 'homeBotTitle', description: 'homeBotDescription' },
  HELP_CENTER: { title: 'homeHelpTitle', description: 'homeHelpDescription' },
  NEWS: { title: 'homeNewsTitle', description: 'homeNewsDescription' },
  CHECKLISTS: { title: 'homeChecklistsTitle', description: 'homeChecklistsDescription' },
  OPEN_URL: { title: 'homeLinkTitle' },
  CUSTOM_ACTION: { title: 'homeMoreTitle' },
};

const ENGLISH = createTranslator({});

/** Home without menu items: the two feedback flows. */
export function defaultHomeActions(t: Translate = ENGLISH): readonly HomeAction[] {
  return [
    {
      actionType: 'FEEDBACK_FLOW',
      actionBody: 'bugreporting',
      title: t('homeBugTitle'),
      description: t('homeBugDescription'),
    },
    {
      actionType: 'FEEDBACK_FLOW',
      actionBody: 'feedback',
      title: t('homeFeedbackTitle'),
      description: t('homeFeedbackDescription'),
    },
  ];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The home actions of a flow config; items of unknown type, or missing what they need, are left out. Titles and
 * descriptions the config leaves empty come from `t`.
 */
export function readHomeActions(flowConfig: Record<string, unknown>, t: Translate = ENGLISH): readonly HomeAction[] {
  const items = flowConfig.menuItems;
  if (!Array.isArray(items) || items.length === 0) return defaultHomeActions(t);
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
    const description = DEFAULT_TEXT[actionType].description;
    actions.push({
      actionType,
      actionBody,
      title: text(record.title) || t(DEFAULT_TEXT[actionType].title),
      description: text(record.description) || (description ? t(description) : ''),
    });
  }
  return actions.length > 0 ? actions : defaultHomeActions(t);
}
