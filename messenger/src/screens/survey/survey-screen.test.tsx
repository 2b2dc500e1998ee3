import { screen } from '@testing-library/react';
import { failNext } from '@voltline/widget/mock';
import { afterEach, expect, test } from 'vitest';
import { mock } from '../../test/msw-server';
import { renderMessenger } from '../../test/render-messenger';
// The app loads this screen with import(); loading it up front keeps the first test of the file fast.
import './survey-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

async function openSurvey(format = 'survey') {
  view = renderMessenger();
  view.deliver('start-survey', { flow: 'nps-survey', format });
  await screen.findByRole('heading', { name: 'How are we doing?' });
  return view;
}

test('start-survey shows the first question with the progress', async () => {
  await openSurvey();
  expect(screen.getByText('Question 1 of 7')).toBeInTheDocument();
  expect(screen.getByRole('radiogroup', { name: /recommend Voltline/ })).toBeInTheDocument();
  expect(screen.getAllByRole('radio')).toHaveLength(11);
});

test('a required question must be answered before the next page', async () => {
  const v = await openSurvey();
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Please answer this question.')).toBeInTheDocument();
  expect(screen.getByText('Question 1 of 7')).toBeInTheDocument();
});

test('star and emoji ratings are named choices', async () => {
  const v = await openSurvey();
  await v.user.click(screen.getByRole('radio', { name: '9' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('radio', { name: '4 stars' })).toBeInTheDocument();
  await v.user.click(screen.getByRole('radio', { name: '4 stars' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('radio', { name: 'Very happy' })).toBeInTheDocument();
});

test('Previous goes back to the last page with its answer kept', async () => {
  const v = await openSurvey();
  await v.user.click(screen.getByRole('radio', { name: '7' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('radio', { name: '7' })).toBeChecked();
});

test('the answers are sent through send-feedback with the outbound id, then thanked', async () => {
  const v = await openSurvey();
  await v.user.click(screen.getByRole('radio', { name: '10' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.click(screen.getByRole('radio', { name: '5 stars' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.click(screen.getByRole('radio', { name: 'Technician' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.click(screen.getByRole('checkbox', { name: 'Live map' }));
  await v.user.click(screen.getByRole('checkbox', { name: 'Reports' }));
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.type(screen.getByRole('textbox', { name: 'Voltline in one word?' }), 'Calm');
  await v.user.click(screen.getByRole('button', { name: 'Next' }));
  await v.user.type(screen.getByRole('textbox', { name: 'Anything else?' }), 'More charts');
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(v.host.sentData('send-feedback')).toEqual([
    {
      formData: {
        nps: 10,
        stars: 5,
        role: 'Technician',
        features: ['Live map', 'Reports'],
        oneWord: 'Calm',
        comment: 'More charts',
      },
      action: { feedbackType: 'SURVEY', excludeData: {} },
      outboundId: 'nps-survey',
    },
  ]);
  expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  v.deliver('feedback-sent', {});
  expect(await screen.findByRole('heading', { name: 'Thank you!' })).toHaveFocus();
});

test('a failed send shows the widget message and keeps the answers', async () => {
  mock.store.forms = [{ ...mock.store.forms[0]!, fields: [mock.store.forms[0]!.fields[0]!] }];
  const v = await openSurvey();
  await v.user.click(screen.getByRole('radio', { name: '3' }));
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  v.deliver('feedback-sending-failed', 'Survey closed.');
  expect(await screen.findByRole('alert')).toHaveTextContent('Survey closed.');
  expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
});

test('answers the widget kept to send later are shown as saved', async () => {
  mock.store.forms = [{ ...mock.store.forms[0]!, fields: [mock.store.forms[0]!.fields[0]!] }];
  const v = await openSurvey();
  await v.user.click(screen.getByRole('radio', { name: '3' }));
  await v.user.click(screen.getByRole('button', { name: 'Send' }));
  v.deliver('feedback-sent', { queued: true });
  expect(await screen.findByRole('heading', { name: 'Saved, not sent yet' })).toHaveFocus();
});

test('a survey_web survey offers no close button', async () => {
  await openSurvey('survey_web');
  expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
});

test('an unknown survey shows the error with a retry', async () => {
  view = renderMessenger();
  view.deliver('start-survey', { flow: 'gone', format: 'survey' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('a server error while loading can be retried', async () => {
  failNext(mock.store, 'GET /forms/nps-survey', 503);
  view = renderMessenger();
  view.deliver('start-survey', { flow: 'nps-survey', format: 'survey_full' });
  await screen.findByRole('alert');
  await view.user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'How are we doing?' })).toBeInTheDocument();
});

test('Escape does not close a survey_web survey', async () => {
  const v = await openSurvey('survey_web');
  await v.user.keyboard('{Escape}');
  expect(v.host.sentData('close-widget')).toEqual([]);
});
