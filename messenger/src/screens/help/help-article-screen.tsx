import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { ErrorState, LoadingState } from '../../ui/async-states';
import { formatShortDate } from '../../ui/format-date';
import { RichContent } from '../../ui/rich-content';
import { ScreenLayout } from '../../ui/screen-layout';
import { useT } from '../../i18n/use-t';

/** One help article, its content sanitised. */
export function HelpArticleScreen({ articleId }: { articleId: string }) {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const lang = useMessengerState((s) => s.language);
  const article = useAsync(api ? () => api.getHelpArticle(articleId) : null, [api, articleId]);

  return (
    <ScreenLayout title={t('helpCenter')} onBack={onBack} onClose={store.close}>
      {article.status === 'loading' ? <LoadingState /> : null}
      {article.status === 'error' ? <ErrorState error={article.error} onRetry={article.retry} /> : null}
      {article.status === 'success' ? (
        <article className="vl-article">
          <h2 className="vl-article-title">{article.data.title}</h2>
          {article.data.description ? <p className="vl-article-lead">{article.data.description}</p> : null}
          <p className="vl-list-meta">Updated {formatShortDate(article.data.updatedAt, lang)}</p>
          <RichContent html={article.data.content} />
        </article>
      ) : null}
    </ScreenLayout>
  );
}
