import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from './route-error';

interface BoundaryProps {
  children: ReactNode;
  /** The address: a failed page is forgotten once the person goes elsewhere. */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false, error: null });
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Where pages render: one that fails to render, or whose chunk fails to load, says so in its place,
 * and one whose chunk is still loading shows `fallback` (on a first load; a move within the app keeps
 * the page on screen until the next one is ready, as React does in a transition).
 */
export function RouteBoundary({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
