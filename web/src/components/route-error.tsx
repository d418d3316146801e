// The designed error screen of every route: a chunk that could not be loaded after a deploy (the
// reload already happened once) or a render error. RouteErrors (an error boundary, reset when the
// path changes) sits around the route table and around each layout's outlet, so an error inside a
// layout keeps its header. Statically imported, so it renders even when lazy chunks are gone.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isChunkLoadError } from '@/lib/chunk-reload';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Logo } from '@/components/logo';

interface Copy {
  title: string;
  text: string;
}

export function errorCopy(error: unknown): Copy {
  if (isChunkLoadError(error)) {
    return {
      title: 'This page needs a reload',
      text: 'Drift may have been updated since this tab opened, or the connection dropped. Reload to continue where you were.',
    };
  }
  return { title: 'Something went wrong', text: 'This page ran into an unexpected problem. Reload to try again, or go back to the home page.' };
}

export function ErrorScreen({ error, onReload = () => window.location.reload() }: { error: unknown; onReload?: () => void }) {
  const copy = errorCopy(error);
  useDocumentTitle(copy.title);
  return (
    <section className="error-screen" aria-labelledby="error-screen-title" data-testid="error-screen">
      <Logo height={36} />
      <h1 id="error-screen-title" className="page-title">
        {copy.title}
      </h1>
      <p className="muted" role="alert">
        {copy.text}
      </p>
      <div className="row-actions">
        <button type="button" className="btn btn-primary" onClick={onReload}>
          Reload
        </button>
        {/* Full page loads: after a deploy only a fresh index.html knows the new chunks. */}
        <a className="btn btn-outline" href="/">
          Back to Home
        </a>
        <a className="btn btn-ghost" href="/demo">
          Explore the Demo
        </a>
      </div>
    </section>
  );
}

class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: { value: unknown } | null }> {
  state: { error: { value: unknown } | null } = { error: null };

  static getDerivedStateFromError(value: unknown) {
    return { error: { value } };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route error', error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // Another page was chosen (a link in the layout, Back): try rendering again.
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    return this.state.error ? <ErrorScreen error={this.state.error.value} /> : this.props.children;
  }
}

/** Shows the designed error screen instead of `children` when they fail to load or render. */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
