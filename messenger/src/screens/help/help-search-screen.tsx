import { useState } from 'react';
import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { highlight } from '../../ui/highlight';
import { ListButton } from '../../ui/list-button';
import { ScreenLayout } from '../../ui/screen-layout';
import { HelpSearchForm } from './help-search-form';
import { useT } from '../../i18n/use-t';

/** Help search results for a term, with the term highlighted; a new search replaces the results. */
export function HelpSearchScreen({ term: initialTerm }: { term: string }) {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const [term, setTerm] = useState(initialTerm);
  const results = useAsync(api ? () => api.searchHelp(term) : null, [api, term]);

  return (
    <ScreenLayout title={t('search')} onBack={onBack} onClose={store.close}>
      <HelpSearchForm initialTerm={initialTerm} onSearch={setTerm} />
      {results.status === 'loading' ? <LoadingState label={t('searching')} /> : null}
      {results.status === 'error' ? <ErrorState error={results.error} onRetry={results.retry} /> : null}
      {results.status === 'success' && results.data.length === 0 ? (
        <EmptyState title={t('noResults', { term })}>{t('noResultsHint')}</EmptyState>
      ) : null}
      {results.status === 'success' && results.data.length > 0 ? (
        <section aria-label={`Results for ${term}`}>
          <p className="vl-list-meta" role="status">
            {results.data.length === 1 ? '1 result' : `${results.data.length} results`}
          </p>
          <ul className="vl-list">
            {results.data.map((article) => (
              <ListButton
                key={article.id}
                title={highlight(article.title, term)}
                onClick={() => store.navigate({ screen: 'help-article', articleId: article.id })}
              >
                {article.description ? <span>{highlight(article.description, term)}</span> : null}
              </ListButton>
            ))}
          </ul>
        </section>
      ) : null}
    </ScreenLayout>
  );
}
