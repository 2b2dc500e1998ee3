import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { formatShortDate } from '../../ui/format-date';
import { ListButton } from '../../ui/list-button';
import { ScreenLayout } from '../../ui/screen-layout';
import { sortConversations } from './sort-conversations';
import { useT } from '../../i18n/use-t';

/** The visitor's conversations: unread first, each with the last message and its time. */
export function ConversationsScreen() {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const lang = useMessengerState((s) => s.language);
  const list = useAsync(api ? async () => sortConversations(await api.listConversations()) : null, [api]);

  const newConversation = (
    <button
      type="button"
      className="vl-button vl-button-block"
      onClick={() => store.navigate({ screen: 'new-conversation' })}
    >
      New conversation
    </button>
  );

  return (
    <ScreenLayout title={t('messages')} onBack={onBack} onClose={store.close}>
      {list.status === 'loading' ? <LoadingState /> : null}
      {list.status === 'error' ? <ErrorState error={list.error} onRetry={list.retry} /> : null}
      {list.status === 'success' && list.data.length === 0 ? (
        <>
          <EmptyState title={t('noConversations')}>{t('noConversationsHint')}</EmptyState>
          {newConversation}
        </>
      ) : null}
      {list.status === 'success' && list.data.length > 0 ? (
        <ul className="vl-list">
          {list.data.map((conversation) => {
            const last = conversation.lastMessage;
            const unread = conversation.unreadCount > 0;
            return (
              <ListButton
                key={conversation.shareToken}
                title={
                  <>
                    {conversation.title}
                    {unread ? <span className="vl-visually-hidden">, {conversation.unreadCount} unread</span> : null}
                  </>
                }
                aside={
                  <span className="vl-list-aside">
                    <time dateTime={conversation.updatedAt}>{formatShortDate(conversation.updatedAt, lang)}</time>
                    {unread ? (
                      <span className="vl-badge" aria-hidden="true">
                        {conversation.unreadCount}
                      </span>
                    ) : null}
                  </span>
                }
                onClick={() => store.navigate({ screen: 'conversation', shareToken: conversation.shareToken })}
              >
                {last ? (
                  <span className={unread ? 'vl-unread' : undefined}>
                    {last.author.type === 'contact' ? t('you') : last.author.name}: {last.text}
                  </span>
                ) : null}
              </ListButton>
            );
          })}
        </ul>
      ) : null}
      {list.status === 'success' && list.data.length > 0 ? (
        <div className="vl-after-list">{newConversation}</div>
      ) : null}
    </ScreenLayout>
  );
}
