import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

/** Shown when a page fails to render or its code cannot be fetched (e.g. after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-950 px-4 text-center text-white">
      <div className="max-w-md">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-300">Error</p>
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

interface BoundaryProps {
  children: ReactNode;
  /** The address the error happened at: moving to another one tries the page again. */
  locationKey: string;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: null };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.failedAt === null && state.error !== undefined)
      return { failedAt: props.locationKey };
    if (state.failedAt !== null && state.failedAt !== props.locationKey)
      return { error: undefined, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error !== undefined ? (
      <RouteError error={this.state.error} />
    ) : (
      this.props.children
    );
  }
}

/**
 * The whole app's error screen (what the data router's root `errorElement` was): a page
 * that throws while rendering, or whose code cannot be fetched, is replaced by
 * `RouteError`; going to another address (its link, Back) tries again, as before.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary locationKey={key}>{children}</Boundary>;
}
