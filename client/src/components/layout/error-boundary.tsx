import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';

type TProps = {
  children: ReactNode;
  /** A change (e.g. the path) clears the error. */ resetKey: string;
};
type TState = { error: Error | null; resetKey: string };

/**
 * Catches render errors and failed chunk loads so one broken page does not blank the app.
 * A class because React has no hook for error boundaries.
 */
export class ErrorBoundary extends Component<TProps, TState> {
  override state: TState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<TState> {
    return { error };
  }

  static getDerivedStateFromProps(props: TProps, state: TState): Partial<TState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="center-page">
        <div className="center-card">
          <Brand />
          <h1>Something went wrong</h1>
          <p className="muted">
            This page could not be loaded. Check your connection and try again.
          </p>
          <div className="actions-row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => window.location.reload()}
            >
              Reload
            </button>
            <Link className="btn btn-secondary" to="/">
              Back home
            </Link>
          </div>
        </div>
      </main>
    );
  }
}
