import { useBack, useMessengerStore } from '../../app/use-messenger-store';
import { ScreenLayout } from '../../ui/screen-layout';

/** What a screen that this build does not have yet shows: it says so, and offers the way back. */
export function UnavailableScreen({ title }: { title: string }) {
  const store = useMessengerStore();
  const onBack = useBack();
  return (
    <ScreenLayout title={title} onBack={onBack} onClose={store.close}>
      <div className="vl-empty">
        <p className="vl-empty-title">This screen is not available yet.</p>
        <p className="vl-muted">{title} will come in a later version of the messenger.</p>
        {onBack ? (
          <button type="button" className="vl-button vl-button-secondary" onClick={store.goHome}>
            Back to start
          </button>
        ) : null}
      </div>
    </ScreenLayout>
  );
}
