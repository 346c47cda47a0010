import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundRoute() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-950 px-4 pt-16 text-center text-white">
      <div className="max-w-md">
        <p className="text-6xl font-black tracking-tight text-indigo-400">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-3 text-slate-300">
          We couldn&apos;t find the page you were looking for. It may have moved, or the link may be
          wrong.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.home} className={buttonClasses('primary')}>
            Go to home page
          </Link>
          <Link to={paths.events} className={buttonClasses('light')}>
            Browse events
          </Link>
        </div>
      </div>
    </div>
  );
}
