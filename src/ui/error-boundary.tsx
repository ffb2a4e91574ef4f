import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error.tsx';

/** The top-level fallback on rendering failure (spec §2); routes have their own RouteError too. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
