// A Vite app's use of gleap's public API, with the import swapped: `import Gleap from 'gleap'` became this line.
import Gleap from '@voltline/widget';
import { type GleapUserProperties, Gleap as NamedGleap } from '@voltline/widget';
import { isFrameToWidget } from '@voltline/widget/protocol';

const user: GleapUserProperties = { name: 'Ada', email: 'ada@example.com', value: 3, customData: { plan: 'pro' } };

Gleap.setApiUrl('https://feedback-api.example.com');
Gleap.setWSApiUrl('wss://feedback-ws.example.com');
Gleap.setFrameUrl('https://messenger.example.com/');
Gleap.setLanguage('en');
Gleap.setEnvironment('staging');
Gleap.initialize('YOUR_SDK_KEY');
Gleap.identify('user-42', user, 'user-hash').catch(() => undefined);
Gleap.updateContact({ plan: 'enterprise' });
Gleap.setStyles({ primaryColor: '#0a7', borderRadius: 12 });
Gleap.attachCustomData({ build: 1 });
Gleap.setCustomData('tenant', 'acme');
Gleap.setTicketAttribute('severity', 'high');
Gleap.log('checkout started', 'WARNING');
Gleap.trackEvent('purchase', { amount: 12 });
Gleap.sendSilentCrashReport('crash', 'HIGH', { screenshot: true, replays: false });
Gleap.registerCustomAction((action: { name: string }) => console.info(action.name));
Gleap.setNetworkLogsBlacklist(['/health']);
Gleap.setNetworkLogPropsToIgnore(['password']);
Gleap.setUrlHandler((url: string, newTab?: boolean) => window.open(url, newTab ? '_blank' : '_self'));
Gleap.setAiTools([
  {
    name: 'refund',
    description: 'Refund an order',
    executionType: 'button',
    parameters: [{ name: 'order', description: 'Order id', type: 'string', required: true }],
  },
]);
const off = Gleap.on('open', () => console.info('opened'));
off();
Gleap.startFeedbackFlow('bugreporting', true);
Gleap.startBot('support-bot');
Gleap.openHelpCenterArticle('article-1', true);
Gleap.openNews();
Gleap.showSurvey('survey-1', 'survey_full');
Gleap.startProductTour('tour-1');
Gleap.showFeedbackButton(false);
const opened: boolean = Gleap.isOpened() || NamedGleap.isUserIdentified();
const identity: Record<string, unknown> = Gleap.getIdentity();
Gleap.setStyles({ buttonStyle: Gleap.BUTTON_POSITIONS.bottomLeft });
Gleap.destroy();

export const seen = { opened, identity, frameCheck: isFrameToWidget };
