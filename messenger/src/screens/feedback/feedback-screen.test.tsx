import { screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { renderMessenger } from '../../test/render-messenger';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => view?.cleanup());

async function openBugForm(session: Record<string, unknown> = { email: 'ana@example.com', name: 'Ana Silva' }) {
  view = renderMessenger({ session });
  await view.user.click(screen.getByRole('button', { name: /^Report a bug\b/ }));
  return view;
}

test('opens the bug form from home and tells the widget the flow started', async () => {
  const v = await openBugForm();
  expect(screen.getByRole('heading', { name: 'Report a bug' })).toBeInTheDocument();
  expect(v.host.sentData('notify-event')).toEqual([{ type: 'flow-started', data: { flow: 'bugreporting' } }]);
});

test('prefills the e-mail from the session', async () => {
  await openBugForm();
  expect(screen.getByLabelText('E-mail')).toHaveValue('ana@example.com');
});

test('fills the e-mail when the session arrives after the form opened, unless the visitor typed one', async () => {
  const v = await openBugForm({});
  v.deliver('session-update', {
    sessionData: { email: 'late@example.com' },
    apiUrl: 'https://api.example',
    sdkKey: 'k',
  });
  expect(screen.getByLabelText('E-mail')).toHaveValue('late@example.com');
  await v.user.clear(screen.getByLabelText('E-mail'));
  await v.user.type(screen.getByLabelText('E-mail'), 'mine@example.com');
  v.deliver('session-update', {
    sessionData: { email: 'other@example.com' },
    apiUrl: 'https://api.example',
    sdkKey: 'k',
  });
  expect(screen.getByLabelText('E-mail')).toHaveValue('mine@example.com');
});

test('shows a field error and sends nothing when the description is shorter than 3 characters', async () => {
  const v = await openBugForm();
  await v.user.type(screen.getByLabelText('Description'), 'ab');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Please write at least 3 characters.');
  expect(screen.getByLabelText('Description')).toHaveFocus();
  expect(screen.getByLabelText('Description')).toHaveValue('ab');
  expect(v.host.sentData('send-feedback')).toEqual([]);
});

test('shows a field error for a malformed e-mail and keeps what was typed', async () => {
  const v = await openBugForm({});
  await v.user.type(screen.getByLabelText('Description'), 'The cart is empty');
  await v.user.type(screen.getByLabelText('E-mail'), 'ana@');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(/valid e-mail/);
  expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Description')).toHaveValue('The cart is empty');
  expect(v.host.sentData('send-feedback')).toEqual([]);
});

test('clears a field error as soon as the field is fixed', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('Please describe what happened.')).toBeInTheDocument();
  await v.user.type(screen.getByLabelText('Description'), 'Broken');
  expect(screen.queryByText('Please describe what happened.')).not.toBeInTheDocument();
});

test('sends the bug report payload and shows the sending state', async () => {
  const v = await openBugForm();
  await v.user.type(screen.getByLabelText('Description'), '  The checkout button does nothing  ');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')).toEqual([
    {
      formData: { description: 'The checkout button does nothing', reportedBy: 'ana@example.com' },
      action: { feedbackType: 'BUG', excludeData: {} },
    },
  ]);
  expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
});

test('sends feedback with type FEEDBACK from the feedback button', async () => {
  view = renderMessenger({ session: { email: 'ana@example.com' } });
  await view.user.click(screen.getByRole('button', { name: /^Send feedback\b/ }));
  await view.user.type(screen.getByLabelText('Description'), 'Love the new look');
  await view.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(view.host.sentData('send-feedback')[0]?.action).toEqual({ feedbackType: 'FEEDBACK', excludeData: {} });
});

test('does not send twice while sending', async () => {
  const v = await openBugForm();
  await v.user.type(screen.getByLabelText('Description'), 'Double click');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  await v.user.click(screen.getByRole('button', { name: 'Sending…' }));
  expect(v.host.sentData('send-feedback')).toHaveLength(1);
});

test('shows "Thank you!" on feedback-sent, and its close button closes the widget', async () => {
  const v = await openBugForm();
  await v.user.type(screen.getByLabelText('Description'), 'It froze');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  v.deliver('feedback-sent', { id: 'r1' });
  const heading = screen.getByRole('heading', { name: 'Thank you!' });
  expect(heading).toHaveFocus();
  await v.user.click(screen.getByRole('button', { name: 'Close' }));
  expect(v.host.sentData('close-widget')).toHaveLength(1);
});

test('a report the widget kept to send later says it is saved and will be sent, not a plain thank-you', async () => {
  const v = await openBugForm();
  await v.user.type(screen.getByLabelText('Description'), 'It froze offline');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  v.deliver('feedback-sent', { queued: true });
  const heading = screen.getByRole('heading', { name: 'Saved, not sent yet' });
  expect(heading).toHaveFocus();
  expect(screen.getByText(/kept in this browser and will be sent by itself/)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Thank you!' })).not.toBeInTheDocument();
  await v.user.click(screen.getByRole('button', { name: 'Close' }));
  expect(v.host.sentData('close-widget')).toHaveLength(1);
});

test('on feedback-sending-failed shows the received text and keeps the form values for a retry', async () => {
  const v = await openBugForm();
  await v.user.type(screen.getByLabelText('Description'), 'Images do not load');
  await v.user.clear(screen.getByLabelText('E-mail'));
  await v.user.type(screen.getByLabelText('E-mail'), 'other@example.com');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  v.deliver('feedback-sending-failed', 'Something went wrong, please try again.');
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again.');
  expect(screen.getByLabelText('Description')).toHaveValue('Images do not load');
  expect(screen.getByLabelText('E-mail')).toHaveValue('other@example.com');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')).toHaveLength(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('ignores feedback-sent that arrives when nothing is being sent', async () => {
  const v = await openBugForm();
  v.deliver('feedback-sent', {});
  expect(screen.queryByRole('heading', { name: 'Thank you!' })).not.toBeInTheDocument();
});

test('asks the widget for a screenshot when the screenshot choice is picked', async () => {
  const v = await openBugForm();
  const attach = screen.getByRole('radiogroup', { name: 'Attach' });
  expect(within(attach).getByRole('radio', { name: 'Nothing' })).toBeChecked();
  await v.user.click(within(attach).getByRole('radio', { name: 'Screenshot' }));
  expect(v.host.sentData('start-screen-drawing')).toEqual(['screenshot']);
});

test('asks the widget for a recording with capture type "capture"', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('radio', { name: 'Screen recording' }));
  expect(v.host.sentData('start-screen-drawing')).toEqual(['capture']);
});

test('attaches the capture the widget reports with set-form-data and sends it with the report', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('radio', { name: 'Screenshot' }));
  v.deliver('set-form-data', { formKey: 'capture', data: { value: 'screenshot', dirty: true } });
  expect(screen.getByText('Screenshot attached.')).toBeInTheDocument();
  await v.user.type(screen.getByLabelText('Description'), 'See the picture');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')[0]?.formData).toEqual({
    description: 'See the picture',
    reportedBy: 'ana@example.com',
    capture: 'screenshot',
  });
});

test('returns to "Nothing" when the widget reports a cancelled capture', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('radio', { name: 'Screenshot' }));
  v.deliver('set-form-data', { formKey: 'capture', data: { value: false, dirty: true } });
  expect(screen.getByRole('radio', { name: 'Nothing' })).toBeChecked();
  expect(screen.getByText('Capture cancelled: nothing is attached.')).toBeInTheDocument();
});

test('back returns to home', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByRole('button', { name: /^Report a bug\b/ })).toBeInTheDocument();
});

test('close sends close-widget', async () => {
  const v = await openBugForm();
  await v.user.click(screen.getByRole('button', { name: 'Close' }));
  expect(v.host.sentData('close-widget')).toHaveLength(1);
});

test('start-feedbackflow opens the flow directly and hides back when asked', () => {
  view = renderMessenger();
  view.deliver('start-feedbackflow', { flow: 'bugreporting', hideBackButton: true, format: 'widget' });
  expect(screen.getByRole('heading', { name: 'Report a bug' })).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  expect(view.host.sentData('notify-event')).toEqual([{ type: 'flow-started', data: { flow: 'bugreporting' } }]);
});

test('start-feedbackflow with featurerequests opens the feedback form', () => {
  view = renderMessenger();
  view.deliver('start-feedbackflow', { flow: 'featurerequests' });
  expect(screen.getByRole('heading', { name: 'Send feedback' })).toBeInTheDocument();
});

test('start-feedbackflow with an id the server does not know shows the bug form', async () => {
  view = renderMessenger();
  view.deliver('start-feedbackflow', { flow: 'form-7f3a' });
  expect(await screen.findByRole('heading', { name: 'Report a bug' })).toBeInTheDocument();
  expect(view.host.sentData('notify-event')).toEqual([{ type: 'flow-started', data: { flow: 'form-7f3a' } }]);
});

test('prefill-form-data fills the description of the next form', async () => {
  view = renderMessenger();
  view.deliver('prefill-form-data', { description: 'Prefilled text' });
  await view.user.click(screen.getByRole('button', { name: /^Report a bug\b/ }));
  expect(screen.getByLabelText('Description')).toHaveValue('Prefilled text');
});

test('the bug form and its field errors speak the language of staticTranslations', async () => {
  view = renderMessenger({
    config: {
      flowConfig: {
        staticTranslations: {
          feedbackBugTitle: 'Fehler melden',
          description: 'Beschreibung',
          send: 'Senden',
          descriptionRequired: 'Bitte beschreiben Sie, was passiert ist.',
          cpTitle: 'Was gesendet wird',
        },
      },
    },
    session: { email: 'ana@example.com' },
  });
  view.deliver('start-feedbackflow', { flow: 'bugreporting' });
  expect(await screen.findByRole('heading', { name: 'Fehler melden' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Was gesendet wird' })).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Senden' }));
  expect(screen.getByLabelText('Beschreibung')).toHaveAccessibleDescription('Bitte beschreiben Sie, was passiert ist.');
});
