import { useAsync } from '../../api/use-async';
import { useWidgetApi } from '../../api/use-widget-api';
import { useBack, useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { EmptyState, ErrorState, LoadingState } from '../../ui/async-states';
import { formatShortDate } from '../../ui/format-date';
import { ScreenLayout } from '../../ui/screen-layout';
import { useT } from '../../i18n/use-t';

/** The news list, newest first. */
export function NewsScreen() {
  const t = useT();
  const store = useMessengerStore();
  const onBack = useBack();
  const api = useWidgetApi();
  const lang = useMessengerState((s) => s.language);
  const news = useAsync(api ? () => api.listNews() : null, [api]);

  return (
    <ScreenLayout title={t('news')} onBack={onBack} onClose={store.close}>
      {news.status === 'loading' ? <LoadingState /> : null}
      {news.status === 'error' ? <ErrorState error={news.error} onRetry={news.retry} /> : null}
      {news.status === 'success' && news.data.length === 0 ? (
        <EmptyState title={t('noNews')}>{t('noNewsHint')}</EmptyState>
      ) : null}
      {news.status === 'success' && news.data.length > 0 ? (
        <ul className="vl-news-list">
          {news.data.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="vl-news-card"
                onClick={() => store.navigate({ screen: 'news-article', id: item.id })}
              >
                {item.coverImageUrl ? <img src={item.coverImageUrl} alt="" className="vl-news-cover" /> : null}
                <span className="vl-news-text">
                  <span className="vl-news-title">{item.title}</span>
                  {item.previewText ? <span className="vl-news-preview">{item.previewText}</span> : null}
                  <span className="vl-list-meta">
                    {[item.sender?.name, formatShortDate(item.createdAt, lang)].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </ScreenLayout>
  );
}
