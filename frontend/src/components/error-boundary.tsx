import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GenericErrorScreen } from './error-screen';

/** Reports an uncaught UI error to the console with its component stack, severity Error (SPEC §8). */
export function reportUiError(error: unknown, componentStack: string | null | undefined): void {
  console.error('Uncaught UI error', { severity: 'Error', error, componentStack: componentStack ?? '' });
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What to show instead of the children; the generic error screen unless given. `reset` clears the error. */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * The error boundary of SPEC §4: normal → error, and a reset that clears the error and renders the children again.
 * It needs no router, so the standalone landing page has it too.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportUiError(error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ failed: false, error: undefined });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error, this.reset) : <GenericErrorScreen />;
  }
}
