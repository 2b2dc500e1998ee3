import type { ConversationSummary } from '../../api/widget-api';

/** Unread conversations first, then the most recently updated. */
export function sortConversations(list: readonly ConversationSummary[]): ConversationSummary[] {
  return [...list].sort((a, b) => {
    const unread = Number(b.unreadCount > 0) - Number(a.unreadCount > 0);
    return unread !== 0 ? unread : Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  });
}
