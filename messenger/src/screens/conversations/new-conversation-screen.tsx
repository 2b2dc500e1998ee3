import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { ScreenLayout } from '../../ui/screen-layout';
import { MessageComposer } from './message-composer';
import { useT } from '../../i18n/use-t';

/** Start a conversation: the first message creates it, then the screen becomes that conversation. */
export function NewConversationScreen() {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();

  const handleSend = async (text: string) => {
    if (!api) throw new Error(t('notConnected'));
    const conversation = await api.startConversation(text);
    store.replace({ screen: 'conversation', shareToken: conversation.shareToken });
  };

  return (
    <ScreenLayout title={t('newConversation')} onBack={onBack} onClose={store.close}>
      <div className="vl-conversation">
        <p className="vl-muted vl-intro">Ask us anything. We usually answer within a day, here and by e-mail.</p>
        <MessageComposer onSend={handleSend} autoFocus />
      </div>
    </ScreenLayout>
  );
}
