export interface QueryParamActions {
  openWidget(): void;
  startConversation(): void;
  startBot(botId: string): void;
  startFeedbackFlow(formId: string): void;
  showSurvey(surveyId: string, format: string): void;
  startProductTour(tourId: string, delaySeconds: number): void;
}

/** Tour delay in seconds: default 2, and 2 for anything non-numeric. */
export function tourDelay(raw: string | null): number {
  const n = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : 2;
}

/** Act on the `gleap_*` query parameters of the host page URL. */
export function handleQueryParams(search: string, act: QueryParamActions): void {
  const q = new URLSearchParams(search);
  if (q.has('gleap_widget')) act.openWidget();
  const conversation = q.get('gleap_conversation');
  if (conversation) {
    if (conversation === 'true') act.startConversation();
    else act.startBot(conversation);
  }
  const feedback = q.get('gleap_feedback');
  if (feedback) act.startFeedbackFlow(feedback);
  const survey = q.get('gleap_survey');
  if (survey) act.showSurvey(survey, q.get('gleap_survey_format') === 'survey_full' ? 'survey_full' : 'survey');
  const tour = q.get('gleap_tour');
  if (tour) act.startProductTour(tour, tourDelay(q.get('gleap_tour_delay')));
}
