import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { ListButton } from '../../ui/list-button';
import { ScreenLayout } from '../../ui/screen-layout';
import { useT } from '../../i18n/use-t';

/** The session's checklists with their progress, unfinished first. */
export function ChecklistsScreen() {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const list = useAsync(api ? () => api.listChecklists() : null, [api]);

  return (
    <ScreenLayout title={t('checklists')} onBack={onBack} onClose={store.close}>
      {list.status === 'loading' ? <LoadingState /> : null}
      {list.status === 'error' ? <ErrorState error={list.error} onRetry={list.retry} /> : null}
      {list.status === 'success' && list.data.length === 0 ? (
        <EmptyState title={t('noChecklists')}>{t('noChecklistsHint')}</EmptyState>
      ) : null}
      {list.status === 'success' && list.data.length > 0 ? (
        <ul className="vl-list">
          {list.data.map((c) => (
            <ListButton
              key={c.id}
              title={c.title}
              onClick={() => store.navigate({ screen: 'checklist', checklistId: c.id })}
            >
              <span className="vl-list-meta">
                {c.doneCount === c.stepCount
                  ? t('stepsAllDone')
                  : t('stepsProgress', { done: c.doneCount, total: c.stepCount })}
              </span>
            </ListButton>
          ))}
        </ul>
      ) : null}
    </ScreenLayout>
  );
}
