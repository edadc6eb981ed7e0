import { Component, type ReactNode } from 'react';
import { reloadOnceForChunkError } from './chunk-reload';
import { ErrorPage, ErrorPageFailure } from './error-page';

interface State {
  error: unknown;
}

/** Catches what the error page itself throws: the second level of SPEC §2. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }
  override render() {
    return this.state.error ? <ErrorPageFailure error={this.state.error} /> : this.props.children;
  }
}

/**
 * Shows the error page for anything a page throws while rendering; a failed chunk reloads
 * the page once instead, since it almost always means a newer build was deployed.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!reloadOnceForChunkError(error)) console.error(error);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    // Navigating away clears the error, so one broken page does not stick to the next.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const status = (error as { status?: unknown }).status;
    return (
      <ErrorPageBoundary>
        <ErrorPage
          status={typeof status === 'number' ? status : 500}
          message={error instanceof Error ? error.message : undefined}
        />
      </ErrorPageBoundary>
    );
  }
}
