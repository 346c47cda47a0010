import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

/** Shown when a page fails to render or its code cannot be fetched (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  console.error(error);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-950 px-4 text-center text-white">
      <div className="max-w-md">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-300">
          {status ?? 'Error'}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-slate-300">
          This page could not be shown. Reloading usually fixes it; if not, try again in a moment.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Link to={paths.home} className={buttonClasses('light')} reloadDocument>
            Go to home page
          </Link>
        </div>
      </div>
    </div>
  );
}
