import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { paths } from '../config/paths.ts';

/** Shown when a page throws or its code cannot be downloaded (offline, new deploy, timeout). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  return (
    <div className="page page--narrow">
      <div className="card stack">
        <h1>Something went wrong</h1>
        <Alert tone="error">
          <p>This page could not be shown. Please reload to try again.</p>
          {detail && <p className="muted">{detail}</p>}
        </Alert>
        <div className="row">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Link to={paths.home.getHref()}>Back to home</Link>
        </div>
      </div>
    </div>
  );
}
