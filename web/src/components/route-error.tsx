// The designed error screen of every route (errorElement): a chunk that could not be loaded after
// a deploy (the reload already happened once), an unknown route or a render error. Never the
// router's default screen. Statically imported, so it renders even when lazy chunks are gone.
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '@/lib/chunk-reload';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Logo } from './logo';

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
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Page not found', text: 'The page you were looking for does not exist or has moved.' };
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

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  return <ErrorScreen error={error} />;
}
