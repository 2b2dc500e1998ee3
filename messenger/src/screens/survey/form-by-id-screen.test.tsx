import { screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { renderMessenger } from '../../test/render-messenger';
// The app loads this screen with import(); loading it up front keeps the first test of the file fast.
import './form-by-id-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

async function openForm(session: Record<string, unknown> = { gleapId: 'g1', gleapHash: 'h1' }) {
  view = renderMessenger({ session });
  view.deliver('start-feedbackflow', { flow: 'contact-form' });
  await screen.findByRole('heading', { name: 'Contact sales' });
  return view;
}

test('a form by id shows every field of the server form', async () => {
  await openForm();
  expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('type', 'email');
  expect(screen.getByRole('combobox', { name: 'Fleet size' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  expect(screen.getByRole('radiogroup', { name: 'How was your trial?' })).toBeInTheDocument();
  expect(screen.getByRole('radiogroup', { name: 'Attach' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'You may contact me by e-mail' })).toBeInTheDocument();
});

test('required fields and the e-mail format are checked, and the first invalid field takes focus', async () => {
  const v = await openForm();
  await v.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  expect(screen.getAllByText('Please answer this question.')).toHaveLength(3);
  expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
  expect(v.host.sentData('send-feedback')).toEqual([]);
});

test('prefill-form-data and the session fill the fields', async () => {
  view = renderMessenger({ session: { gleapId: 'g1', gleapHash: 'h1', email: 'ana@example.com' } });
  view.deliver('prefill-form-data', { name: 'Ana', description: 'About pricing', consent: true });
  view.deliver('start-feedbackflow', { flow: 'contact-form' });
  await screen.findByRole('heading', { name: 'Contact sales' });
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ana');
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ana@example.com');
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('About pricing');
  expect(screen.getByRole('checkbox', { name: 'You may contact me by e-mail' })).toBeChecked();
});

test('a valid form is sent through send-feedback with the form type, then thanked', async () => {
  const v = await openForm();
  await v.user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
  await v.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
  await v.user.selectOptions(screen.getByRole('combobox', { name: 'Fleet size' }), '11-100');
  await v.user.type(screen.getByRole('textbox', { name: 'Message' }), 'A quote please');
  await v.user.click(screen.getByRole('radio', { name: '4 stars' }));
  await v.user.click(screen.getByRole('checkbox', { name: 'You may contact me by e-mail' }));
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')).toEqual([
    {
      formData: {
        name: 'Ana',
        reportedBy: 'ana@example.com',
        fleetSize: '11-100',
        description: 'A quote please',
        rating: 4,
        consent: true,
      },
      action: { feedbackType: 'FEEDBACK', excludeData: {} },
    },
  ]);
  v.deliver('feedback-sent', {});
  expect(await screen.findByRole('heading', { name: 'Thank you!' })).toHaveFocus();
});

test('a form answer the widget kept to send later is shown as saved, not thanked for', async () => {
  const v = await openForm({ gleapId: 'g1', gleapHash: 'h1', email: 'ana@example.com' });
  await v.user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
  await v.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Offline now');
  await v.user.click(screen.getByRole('checkbox', { name: 'You may contact me by e-mail' }));
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')).toHaveLength(1);
  v.deliver('feedback-sent', { queued: true });
  expect(await screen.findByRole('heading', { name: 'Saved, not sent yet' })).toHaveFocus();
  expect(screen.queryByRole('heading', { name: 'Thank you!' })).not.toBeInTheDocument();
});

test('the capture choice asks the widget for a screenshot and sends what it attached', async () => {
  const v = await openForm({ gleapId: 'g1', gleapHash: 'h1', email: 'ana@example.com' });
  await v.user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
  await v.user.type(screen.getByRole('textbox', { name: 'Message' }), 'See the screenshot');
  await v.user.click(screen.getByRole('checkbox', { name: 'You may contact me by e-mail' }));
  await v.user.click(screen.getByRole('radio', { name: 'Screenshot' }));
  expect(v.host.sentData('start-screen-drawing')).toEqual(['screenshot']);
  v.deliver('set-form-data', { formKey: 'capture', data: { value: 'shot-1', dirty: true } });
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')[0]?.formData.capture).toBe('shot-1');
});
