import { type ReactElement, useMemo } from 'react';
import type { Route } from '../../app/messenger-store';
import { useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { useHostChannel } from '../../bridge/use-host-channel';
import { useT } from '../../i18n/use-t';
import { BugIcon, ChatIcon, ChevronIcon, CloseIcon, HelpIcon, NewsIcon } from '../../ui/icons';
import { type HomeAction, type HomeActionType, readHomeActions } from './home-actions';

const ICONS: Record<HomeActionType, () => ReactElement> = {
  FEEDBACK_FLOW: BugIcon,
  CONVERSATIONS: ChatIcon,
  BOT: ChatIcon,
  HELP_CENTER: HelpIcon,
  NEWS: NewsIcon,
  CHECKLISTS: ChevronIcon,
  OPEN_URL: ChevronIcon,
  CUSTOM_ACTION: ChevronIcon,
};

const SCREENS: Partial<Record<HomeActionType, Route>> = {
  CONVERSATIONS: { screen: 'conversations' },
  HELP_CENTER: { screen: 'help' },
  NEWS: { screen: 'news' },
  CHECKLISTS: { screen: 'checklists' },
};

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

function iconFor(action: HomeAction): () => ReactElement {
  if (action.actionType === 'FEEDBACK_FLOW' && action.actionBody !== 'bugreporting') return ChatIcon;
  return ICONS[action.actionType];
}

/** The messenger's start screen: a greeting, the team, and the quick actions of the flow config. */
export function HomeScreen() {
  const store = useMessengerStore();
  const channel = useHostChannel();
  const name = useMessengerState((s) => s.session?.name ?? '');
  const flowConfig = useMessengerState((s) => s.flowConfig);
  const t = useT();
  const actions = useMemo(() => readHomeActions(flowConfig, t), [flowConfig, t]);
  const teamName = typeof flowConfig.teamName === 'string' ? flowConfig.teamName.trim() : '';
  const greeting = firstName(name) ? t('greeting', { name: firstName(name) }) : t('greetingGuest');

  const handleAction = (action: HomeAction) => {
    if (action.actionType === 'FEEDBACK_FLOW') store.openFlow(action.actionBody);
    else if (action.actionType === 'BOT') store.navigate({ screen: 'bot', botId: action.actionBody });
    else if (action.actionType === 'OPEN_URL') channel.send('open-url', action.actionBody, { newTab: true });
    else if (action.actionType === 'CUSTOM_ACTION') channel.send('run-custom-action', action.actionBody);
    else {
      const route = SCREENS[action.actionType];
      if (route) store.navigate(route);
    }
  };

  return (
    <div className="vl-home">
      <header className="vl-home-hero">
        <div className="vl-home-top">
          <button type="button" className="vl-icon-button" aria-label={t('close')} onClick={store.close}>
            <CloseIcon />
          </button>
        </div>
        <h1 className="vl-home-greeting" tabIndex={-1} data-screen-heading>
          {greeting}
        </h1>
        <p className="vl-home-lead">{t('homeLead')}</p>
        {teamName ? <p className="vl-home-team">{t('homeTeam', { team: teamName })}</p> : null}
      </header>
      <nav className="vl-home-actions" aria-label={t('homeActionsLabel')}>
        <ul className="vl-card-list">
          {actions.map((action, index) => {
            const Icon = iconFor(action);
            return (
              <li key={`${action.actionType}-${action.actionBody}-${action.title}`}>
                <button
                  type="button"
                  className="vl-card-button"
                  // Named by its own text, title first (icons are hidden): the name is exactly what it shows (WCAG 2.5.3).
                  onClick={() => handleAction(action)}
                >
                  <span className="vl-card-icon">
                    <Icon />
                  </span>
                  <span className="vl-card-text">
                    <span className="vl-card-title">{action.title}</span>
                    {action.description ? (
                      <>
                        {' '}
                        <span className="vl-card-description">{action.description}</span>
                      </>
                    ) : null}
                  </span>
                  <ChevronIcon />
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
