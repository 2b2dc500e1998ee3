import { expect, test, vi } from 'vitest';
import { handleQueryParams, tourDelay } from './query-params';

const actions = () => ({
  openWidget: vi.fn(),
  startConversation: vi.fn(),
  startBot: vi.fn(),
  startFeedbackFlow: vi.fn(),
  showSurvey: vi.fn(),
  startProductTour: vi.fn(),
});

test('gleap_widget opens the widget', () => {
  const a = actions();
  handleQueryParams('?gleap_widget', a);
  expect(a.openWidget).toHaveBeenCalled();
});

test('gleap_conversation=true starts a conversation, any other value starts that bot', () => {
  const a = actions();
  handleQueryParams('?gleap_conversation=true', a);
  expect(a.startConversation).toHaveBeenCalled();
  handleQueryParams('?gleap_conversation=bot7', a);
  expect(a.startBot).toHaveBeenCalledWith('bot7');
});

test('gleap_feedback starts that form and gleap_survey that survey in its format', () => {
  const a = actions();
  handleQueryParams('?gleap_feedback=f1&gleap_survey=s1&gleap_survey_format=survey_full', a);
  expect(a.startFeedbackFlow).toHaveBeenCalledWith('f1');
  expect(a.showSurvey).toHaveBeenCalledWith('s1', 'survey_full');
  handleQueryParams('?gleap_survey=s2', a);
  expect(a.showSurvey).toHaveBeenLastCalledWith('s2', 'survey');
});

test('gleap_tour starts a tour after gleap_tour_delay seconds, default 2 and 2 for non-numbers', () => {
  const a = actions();
  handleQueryParams('?gleap_tour=t1&gleap_tour_delay=5', a);
  expect(a.startProductTour).toHaveBeenCalledWith('t1', 5);
  expect(tourDelay(null)).toBe(2);
  expect(tourDelay('soon')).toBe(2);
});
