import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { ListButton } from '../../ui/list-button';
import { ScreenLayout } from '../../ui/screen-layout';
import { HelpSearchForm } from './help-search-form';
import { useT } from '../../i18n/use-t';

/** Help center home: search and the collections. */
export function HelpScreen() {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const collections = useAsync(api ? () => api.listHelpCollections() : null, [api]);

  return (
    <ScreenLayout title={t('helpCenter')} onBack={onBack} onClose={store.close}>
      <HelpSearchForm onSearch={(term) => store.navigate({ screen: 'help-search', term })} />
      {collections.status === 'loading' ? <LoadingState /> : null}
      {collections.status === 'error' ? <ErrorState error={collections.error} onRetry={collections.retry} /> : null}
      {collections.status === 'success' && collections.data.length === 0 ? (
        <EmptyState title={t('noHelp')}>{t('noHelpHint')}</EmptyState>
      ) : null}
      {collections.status === 'success' && collections.data.length > 0 ? (
        <section aria-labelledby="help-collections">
          <h2 id="help-collections" className="vl-section-title">
            {t('collections')}
          </h2>
          <ul className="vl-list">
            {collections.data.map((collection) => (
              <ListButton
                key={collection.id}
                title={collection.title}
                onClick={() => store.navigate({ screen: 'help-collection', collectionId: collection.id })}
              >
                {collection.description ? <span>{collection.description}</span> : null}
                <span className="vl-list-meta">
                  {collection.articleCount === 1 ? t('oneArticle') : t('articles', { count: collection.articleCount })}
                </span>
              </ListButton>
            ))}
          </ul>
        </section>
      ) : null}
    </ScreenLayout>
  );
}
