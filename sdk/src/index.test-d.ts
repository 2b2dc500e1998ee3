import { expectTypeOf, test } from 'vitest';
import Gleap, { type GleapUserProperties } from './index';

test('typical gleap usage compiles against our types', () => {
  Gleap.initialize('sdk-key');
  Gleap.identify('user-1', { name: 'Ada', email: 'ada@example.com', customData: { plan: 'pro' } }, 'hash');
  Gleap.updateContact({ phone: '+1', value: 10 });
  Gleap.setEnvironment('staging');
  Gleap.setTags(['a', 'b']);
  Gleap.attachCustomData({ any: 'thing' });
  Gleap.setCustomData('k', 'v');
  Gleap.log('message');
  Gleap.log('message', 'ERROR');
  Gleap.trackEvent('event', { data: 1 });
  Gleap.on('open', () => {});
  Gleap.on('my-custom-flow-event', (data) => console.info(data));
  Gleap.setStyles({
    primaryColor: '#000',
    headerColor: '#111',
    buttonColor: '#222',
    backgroundColor: '#fff',
    borderRadius: 20,
  });
  Gleap.setStyles('#000', '#111', '#222', 20, '#fff', 20, 20, 'BOTTOM_RIGHT');
  Gleap.setUrlHandler((url, newTab) => console.info(url, newTab));
  Gleap.registerCustomAction((action) => console.info(action.name));
  Gleap.startFeedbackFlow('bugreporting', true);
  Gleap.startFeedbackFlowWithOptions('bugreporting', {
    autostartDrawing: true,
    hideBackButton: true,
    format: 'widget',
  });
  Gleap.sendSilentCrashReport('crash', 'HIGH', { screenshot: true });
  Gleap.setAiTools([
    { name: 't', description: 'd', parameters: [{ name: 'p', description: 'x', type: 'string', required: true }] },
  ]);
  Gleap.showSurvey('s1', 'survey_full');
  expectTypeOf(Gleap.isOpened()).toEqualTypeOf<boolean>();
  expectTypeOf(Gleap.isUserIdentified()).toEqualTypeOf<boolean>();
  expectTypeOf(Gleap.startChecklist('o1')).toEqualTypeOf<boolean>();
  expectTypeOf<GleapUserProperties['email']>().toEqualTypeOf<string | null | undefined>();
});

test('calls that must not compile', () => {
  // @ts-expect-error the SDK key is required
  Gleap.initialize();
  // @ts-expect-error log levels are INFO, WARNING or ERROR
  Gleap.log('x', 'DEBUG');
  // @ts-expect-error environments are dev, staging or prod
  Gleap.setEnvironment('qa');
  // @ts-expect-error priorities are LOW, MEDIUM or HIGH
  Gleap.sendSilentCrashReport('x', 'URGENT');
});
