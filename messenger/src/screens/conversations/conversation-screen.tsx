import { useEffect, useRef } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import type { ConversationMessage } from '../../api/widget-api';
import { useHostChannel, useHostMessage } from '../../bridge/use-host-channel';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { formatShortDate } from '../../ui/format-date';
import { ScreenLayout } from '../../ui/screen-layout';
import { MessageComposer } from './message-composer';
import { useT } from '../../i18n/use-t';

function MessageBubble({ message, lang }: { message: ConversationMessage; lang: string }) {
  const t = useT();
  const channel = useHostChannel();
  const mine = message.author.type === 'contact';
  return (
    <li className={mine ? 'vl-message vl-message-mine' : 'vl-message'}>
      <span className="vl-message-author">
        {mine ? t('you') : message.author.name}
        {message.author.type === 'bot' ? <span className="vl-message-tag">{t('botTag')}</span> : null}
      </span>
      {message.text ? <p className="vl-message-text">{message.text}</p> : null}
      {message.attachments?.length ? (
        <ul className="vl-message-attachments">
          {message.attachments.map((a) => (
            <li key={a.url}>
              <a
                href={a.url}
                target="_blank"
                rel="noreferrer noopener"
                // The widget opens links, so the host's URL handler (setUrlHandler) applies to files too.
                onClick={(event) => {
                  event.preventDefault();
                  channel.send('open-url', a.url, { newTab: true });
                }}
              >
                {a.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <time className="vl-message-time" dateTime={message.createdAt}>
        {formatShortDate(message.createdAt, lang)}
      </time>
    </li>
  );
}

/** One conversation by share token: the messages and a composer. Opening it marks it read. */
export function ConversationScreen({ shareToken }: { shareToken: string }) {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const lang = useMessengerState((s) => s.language);
  const conversation = useAsync(api ? () => api.getConversation(shareToken) : null, [api, shareToken]);
  const endRef = useRef<HTMLDivElement>(null);
  const loaded = conversation.status === 'success';
  const messageCount = loaded ? conversation.data.messages.length : 0;

  // A WebSocket update forwarded by the widget: fetch the conversation again, quietly (no loading state).
  useHostMessage('server-update', () => {
    if (!api || !loaded) return;
    api.getConversation(shareToken).then(
      (fresh) => {
        conversation.setData(() => fresh);
        return api.markConversationRead(shareToken);
      },
      (error: unknown) => console.error('[messenger] could not refresh the conversation', error),
    );
  });

  useEffect(() => {
    if (!loaded || !api) return;
    api.markConversationRead(shareToken).catch((error: unknown) => {
      // Not worth interrupting the visitor for; the unread badge stays until the next successful open.
      console.error('[messenger] could not mark the conversation as read', error);
    });
  }, [loaded, api, shareToken]);

  useEffect(() => {
    if (messageCount > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount]);

  const handleSend = async (text: string, files: File[]) => {
    if (!api) throw new Error(t('notConnected'));
    const attachments = await Promise.all(files.map((file) => api.uploadFile(file)));
    const message = await api.sendMessage(shareToken, text, attachments);
    conversation.setData((data) => ({ ...data, messages: [...data.messages, message] }));
  };

  const title = loaded ? conversation.data.title : t('conversation');
  return (
    <ScreenLayout title={title} onBack={onBack} onClose={store.close}>
      {conversation.status === 'loading' ? <LoadingState /> : null}
      {conversation.status === 'error' ? <ErrorState error={conversation.error} onRetry={conversation.retry} /> : null}
      {loaded ? (
        <div className="vl-conversation">
          {conversation.data.messages.length === 0 ? <p className="vl-muted vl-intro">{t('noMessages')}</p> : null}
          {/* A log of list items: the list keeps its own role, so each message stays a listitem. */}
          <div role="log" aria-label={t('messages')} aria-live="polite">
            <ol className="vl-messages">
              {conversation.data.messages.map((message) => (
                <MessageBubble key={message.id} message={message} lang={lang} />
              ))}
            </ol>
          </div>
          <div ref={endRef} />
          <MessageComposer onSend={handleSend} allowFiles />
        </div>
      ) : null}
    </ScreenLayout>
  );
}
