import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message: "The map could not be shown". */
  what: string;
  children: ReactNode;
}

/** Keeps a failing part of a page (a map without WebGL, a chart) from taking the whole page down. */
export class SectionErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (this.state.error) {
      return (
        <Alert color="orange" title={`${this.props.what} could not be shown`} m="md">
          {this.state.error.message || 'An unexpected error happened.'}
        </Alert>
      );
    }
    return this.props.children;
  }
}
