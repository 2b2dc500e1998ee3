import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { ListButton } from '../../ui/list-button';
import { ScreenLayout } from '../../ui/screen-layout';
import { useT } from '../../i18n/use-t';

/** One help collection and its articles. */
export function HelpCollectionScreen({ collectionId }: { collectionId: string }) {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const result = useAsync(api ? () => api.getHelpCollection(collectionId) : null, [api, collectionId]);
  const title = result.status === 'success' ? result.data.collection.title : t('helpCenter');

  return (
    <ScreenLayout title={title} onBack={onBack} onClose={store.close}>
      {result.status === 'loading' ? <LoadingState /> : null}
      {result.status === 'error' ? <ErrorState error={result.error} onRetry={result.retry} /> : null}
      {result.status === 'success' ? (
        <>
          {result.data.collection.description ? (
            <p className="vl-muted vl-intro">{result.data.collection.description}</p>
          ) : null}
          {result.data.articles.length === 0 ? (
            <EmptyState title={t('noCollectionArticles')} />
          ) : (
            <ul className="vl-list">
              {result.data.articles.map((article) => (
                <ListButton
                  key={article.id}
                  title={article.title}
                  onClick={() => store.navigate({ screen: 'help-article', articleId: article.id })}
                >
                  {article.description}
                </ListButton>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </ScreenLayout>
  );
}
