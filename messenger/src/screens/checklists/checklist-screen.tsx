import { useId, useState } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import type { ChecklistStep } from '../../api/widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { useHostChannel } from '../../bridge/use-host-channel';
import { useT } from '../../i18n/use-t';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { ScreenLayout } from '../../ui/screen-layout';

export interface ChecklistScreenProps {
  /** Open a started checklist (`open-checklist`). */
  checklistId?: string;
  /** Start the checklist of an outbound id (`start-checklist`); a started one opens as it is. */
  outboundId?: string;
}

/** One checklist: progress, steps with their done state, each step's action and "Mark as done". */
export function ChecklistScreen({ checklistId, outboundId }: ChecklistScreenProps) {
  const store = useMessengerStore();
  const channel = useHostChannel();
  const onBack = useBack();
  const api = useWidgetApi();
  const id = useId();
  const t = useT();
  const checklist = useAsync(
    api ? () => (checklistId ? api.getChecklist(checklistId) : api.startChecklist(outboundId ?? '')) : null,
    [api, checklistId, outboundId],
  );
  const [busyStep, setBusyStep] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const handleAction = (step: ChecklistStep) => {
    const action = step.action;
    if (!action) return;
    if (action.type === 'url') channel.send('open-url', action.value, { newTab: true });
    else if (action.type === 'custom_action') channel.send('run-custom-action', action.value);
    else if (action.type === 'article') store.navigate({ screen: 'help-article', articleId: action.value });
    // The widget closes the frame and runs the tour over the page (frame -> widget, gleap's name).
    else if (action.type === 'tour') channel.send('start-product-tour', { tourId: action.value });
  };

  const handleDone = async (step: ChecklistStep) => {
    if (!api || checklist.status !== 'success') return;
    setBusyStep(step.id);
    setFailure(null);
    try {
      const updated = await api.completeChecklistStep(checklist.data.id, step.id);
      checklist.setData(() => updated);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyStep(null);
    }
  };

  const title = checklist.status === 'success' ? checklist.data.title : t('checklist');
  return (
    <ScreenLayout title={title} onBack={onBack} onClose={store.close}>
      {checklist.status === 'loading' ? <LoadingState /> : null}
      {checklist.status === 'error' ? <ErrorState error={checklist.error} onRetry={checklist.retry} /> : null}
      {checklist.status === 'success'
        ? (() => {
            const { steps, description } = checklist.data;
            const done = steps.filter((s) => s.done).length;
            return (
              <div className="vl-checklist">
                {description ? <p className="vl-muted">{description}</p> : null}
                <div className="vl-survey-progress">
                  <span id={`${id}-progress`}>
                    {done === steps.length ? t('stepsAllDone') : t('stepsProgress', { done, total: steps.length })}
                  </span>
                  <progress max={steps.length} value={done} aria-labelledby={`${id}-progress`} />
                </div>
                {failure ? (
                  <div role="alert" className="vl-alert">
                    <span className="vl-alert-icon">
                      <AlertIcon />
                    </span>
                    <span>{failure}</span>
                  </div>
                ) : null}
                <ol className="vl-checklist-steps">
                  {steps.map((step) => (
                    <li key={step.id} className={step.done ? 'vl-step vl-step-done' : 'vl-step'}>
                      <span className="vl-step-mark" aria-hidden="true">
                        {step.done ? <CheckIcon /> : null}
                      </span>
                      <div className="vl-step-body">
                        <h2 className="vl-step-title">
                          {step.title}
                          <span className="vl-visually-hidden">{` ${step.done ? t('stepDone') : t('stepToDo')}`}</span>
                        </h2>
                        {step.description ? <p className="vl-muted">{step.description}</p> : null}
                        <div className="vl-step-actions">
                          {step.action ? (
                            <button
                              type="button"
                              className="vl-button vl-button-secondary"
                              onClick={() => handleAction(step)}
                            >
                              {step.action.label ?? t('stepOpen')}
                            </button>
                          ) : null}
                          {step.done ? null : (
                            <button
                              type="button"
                              className="vl-button"
                              aria-label={t('markDone', { step: step.title })}
                              disabled={busyStep === step.id}
                              onClick={() => handleDone(step)}
                            >
                              {busyStep === step.id ? t('saving') : t('markDoneLabel')}
                            </button>
                          )}
                        </div>
                      </div>
                    </li>
                  ))}
                </ol>
              </div>
            );
          })()
        : null}
    </ScreenLayout>
  );
}
