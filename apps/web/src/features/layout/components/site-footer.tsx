import { Link } from 'react-router';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { paths } from '../../../config/paths.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:px-6 lg:px-8">
        <Link
          to={paths.home}
          className="flex items-center gap-2 rounded font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <LogoMark className="size-6" />
          Gatepass
        </Link>
        <p>© {new Date().getFullYear()} Gatepass. Tickets for events across Nigeria.</p>
      </div>
    </footer>
  );
}
