import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
}

/** Catches render errors outside the router (providers, the router itself) and shows the error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Reported, not swallowed: the console is what error-reporting tags read.
    console.error('Render error', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}
