import type { ReactElement } from 'react';
import type { TextKey } from '../i18n/translate';
import { useT } from '../i18n/use-t';
import { ChatIcon, HelpIcon, HomeIcon, NewsIcon } from '../ui/icons';
import type { Route, ScreenName } from './messenger-store';
import { useMessengerStore } from './use-messenger-store';

const TABS: readonly { screen: ScreenName; route: Route; label: TextKey; icon: () => ReactElement }[] = [
  { screen: 'home', route: { screen: 'home' }, label: 'tabHome', icon: HomeIcon },
  { screen: 'conversations', route: { screen: 'conversations' }, label: 'tabMessages', icon: ChatIcon },
  { screen: 'help', route: { screen: 'help' }, label: 'tabHelp', icon: HelpIcon },
  { screen: 'news', route: { screen: 'news' }, label: 'tabNews', icon: NewsIcon },
];

/** Screens that are tabs: the bar shows only on them, so flows and articles get the whole frame. */
export const TAB_SCREENS: readonly ScreenName[] = TABS.map((t) => t.screen);

/** The messenger's main navigation between home, messages, help and news. */
export function TabBar({ current }: { current: ScreenName }) {
  const store = useMessengerStore();
  const t = useT();
  return (
    <nav className="vl-tabs" aria-label={t('tabsLabel')}>
      {TABS.map((tab) => (
        <button
          key={tab.screen}
          type="button"
          className="vl-tab"
          aria-current={tab.screen === current ? 'page' : undefined}
          // A tab is a fresh start: no back button on it, and its sub-screens stack on top.
          onClick={() => store.navigate(tab.route, { hideBackButton: true, fromHome: true })}
        >
          <tab.icon />
          <span>{t(tab.label)}</span>
        </button>
      ))}
    </nav>
  );
}
