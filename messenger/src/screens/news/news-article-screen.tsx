import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { formatShortDate } from '../../ui/format-date';
import { RichContent } from '../../ui/rich-content';
import { ScreenLayout } from '../../ui/screen-layout';
import { useT } from '../../i18n/use-t';

/** One news article. The store reports `page-changed: newsdetails`, so the widget widens the frame. */
export function NewsArticleScreen({ id }: { id: string }) {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const lang = useMessengerState((s) => s.language);
  const article = useAsync(api ? () => api.getNewsArticle(id) : null, [api, id]);

  return (
    <ScreenLayout title={t('news')} onBack={onBack} onClose={store.close}>
      {article.status === 'loading' ? <LoadingState /> : null}
      {article.status === 'error' ? <ErrorState error={article.error} onRetry={article.retry} /> : null}
      {article.status === 'success' ? (
        <article className="vl-article">
          {article.data.coverImageUrl ? (
            <img src={article.data.coverImageUrl} alt="" className="vl-article-cover" />
          ) : null}
          <h2 className="vl-article-title">{article.data.title}</h2>
          <p className="vl-list-meta">
            {[article.data.sender?.name, formatShortDate(article.data.createdAt, lang)].filter(Boolean).join(' · ')}
          </p>
          <RichContent html={article.data.content} />
        </article>
      ) : null}
    </ScreenLayout>
  );
}
