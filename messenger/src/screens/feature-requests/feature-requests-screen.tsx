import { type FormEvent, useId, useState } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import type { FeatureRequest, FeatureRequestStatus } from '../../api/widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { AlertIcon } from '../../ui/icons';
import { ScreenLayout } from '../../ui/screen-layout';
import { useT } from '../../i18n/use-t';

/** Status names as the visitor reads them. */
export const STATUS_LABELS: Record<FeatureRequestStatus, string> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
};

const votes = (n: number) => (n === 1 ? '1 vote' : `${n} votes`);

/** Feature requests: filter by status, vote once, suggest a new one. */
export function FeatureRequestsScreen() {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const id = useId();
  const [status, setStatus] = useState<FeatureRequestStatus | ''>('');
  const list = useAsync(api ? () => api.listFeatureRequests(status || undefined) : null, [api, status]);
  const [voteError, setVoteError] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);

  const handleVote = async (feature: FeatureRequest) => {
    if (!api || feature.voted) return;
    setVoteError(null);
    try {
      const updated = await api.voteFeatureRequest(feature.id);
      list.setData((items) => items.map((f) => (f.id === updated.id ? updated : f)));
    } catch (error) {
      setVoteError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <ScreenLayout title={t('featureRequests')} onBack={onBack} onClose={store.close}>
      <div className="vl-checklist">
        <div className="vl-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as FeatureRequestStatus | '')}
          >
            <option value="">All</option>
            {(Object.keys(STATUS_LABELS) as FeatureRequestStatus[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {composing && api ? (
          <NewFeatureRequest
            onCancel={() => setComposing(false)}
            onSubmit={async (title, description) => {
              const created = await api.submitFeatureRequest(title, description);
              setComposing(false);
              if (!status || status === created.status) list.setData((items) => [created, ...items]);
            }}
          />
        ) : (
          <button type="button" className="vl-button vl-button-secondary" onClick={() => setComposing(true)}>
            Suggest a feature
          </button>
        )}
        {voteError ? (
          <div role="alert" className="vl-alert">
            <span className="vl-alert-icon">
              <AlertIcon />
            </span>
            <span>{voteError}</span>
          </div>
        ) : null}
        {list.status === 'loading' ? <LoadingState /> : null}
        {list.status === 'error' ? <ErrorState error={list.error} onRetry={list.retry} /> : null}
        {list.status === 'success' && list.data.length === 0 ? (
          <EmptyState title="No feature requests here yet.">Suggest the first one.</EmptyState>
        ) : null}
        {list.status === 'success' && list.data.length > 0 ? (
          <ul className="vl-checklist-steps" aria-label="Feature requests">
            {list.data.map((feature) => (
              <li key={feature.id} className="vl-step vl-feature">
                <button
                  type="button"
                  className={feature.voted ? 'vl-vote vl-vote-on' : 'vl-vote'}
                  aria-pressed={feature.voted}
                  aria-label={`Vote for ${feature.title}, ${votes(feature.voteCount)}`}
                  onClick={() => handleVote(feature)}
                >
                  <span aria-hidden="true">▲</span>
                  <span>{feature.voteCount}</span>
                </button>
                <div className="vl-step-body">
                  <h2 className="vl-step-title">{feature.title}</h2>
                  {feature.description ? <p className="vl-muted">{feature.description}</p> : null}
                  <span className="vl-list-meta">{STATUS_LABELS[feature.status]}</span>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </ScreenLayout>
  );
}

function NewFeatureRequest({
  onSubmit,
  onCancel,
}: {
  onSubmit(title: string, description: string): Promise<void>;
  onCancel(): void;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim().length < 3) {
      setTitleError('Give your idea a title of at least 3 characters.');
      return;
    }
    setTitleError(null);
    setFailure(null);
    setSending(true);
    try {
      await onSubmit(title.trim(), description.trim());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setSending(false);
    }
  };

  return (
    <form className="vl-form" noValidate onSubmit={handleSubmit} aria-label="Suggest a feature">
      {failure ? (
        <div role="alert" className="vl-alert">
          <span className="vl-alert-icon">
            <AlertIcon />
          </span>
          <span>{failure}</span>
        </div>
      ) : null}
      <div className="vl-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          required
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
        {titleError ? (
          <p className="vl-field-error" id={`${id}-title-error`}>
            {titleError}
          </p>
        ) : null}
      </div>
      <div className="vl-field">
        <label htmlFor={`${id}-description`}>Details</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="vl-survey-actions">
        <button type="button" className="vl-button vl-button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="vl-button" disabled={sending}>
          {sending ? 'Sending…' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
