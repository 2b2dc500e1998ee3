import { type ReactElement, useId } from 'react';
import { useMessengerState, useMessengerStore } from '../../app/use-messenger-store';
import { BugIcon, ChatIcon, ChevronIcon, CloseIcon } from '../../ui/icons';

interface HomeAction {
  flow: string;
  title: string;
  description: string;
  icon: () => ReactElement;
}

const ACTIONS: readonly HomeAction[] = [
  {
    flow: 'bugreporting',
    title: 'Report a bug',
    description: 'Something does not work as expected',
    icon: BugIcon,
  },
  {
    flow: 'feedback',
    title: 'Send feedback',
    description: 'Ideas, praise or anything else on your mind',
    icon: ChatIcon,
  },
];

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The messenger's start screen: a greeting and the ways to reach the team. */
export function HomeScreen() {
  const store = useMessengerStore();
  const name = useMessengerState((s) => s.session?.name ?? '');
  const id = useId();
  const greeting = firstName(name) ? `Hi ${firstName(name)}` : 'Hi there';

  return (
    <div className="vl-home">
      <header className="vl-home-hero">
        <div className="vl-home-top">
          <button type="button" className="vl-icon-button" aria-label="Close" onClick={store.close}>
            <CloseIcon />
          </button>
        </div>
        <h1 className="vl-home-greeting" tabIndex={-1} data-screen-heading>
          {greeting}
        </h1>
        <p className="vl-home-lead">How can we help?</p>
      </header>
      <nav className="vl-home-actions" aria-label="Ways to reach us">
        <ul className="vl-card-list">
          {ACTIONS.map((action, index) => (
            <li key={action.flow}>
              <button
                type="button"
                className="vl-card-button"
                aria-labelledby={`${id}-t${index}`}
                aria-describedby={`${id}-d${index}`}
                onClick={() => store.openFlow(action.flow)}
              >
                <span className="vl-card-icon">
                  <action.icon />
                </span>
                <span className="vl-card-text">
                  <span className="vl-card-title" id={`${id}-t${index}`}>
                    {action.title}
                  </span>
                  <span className="vl-card-description" id={`${id}-d${index}`}>
                    {action.description}
                  </span>
                </span>
                <ChevronIcon />
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
