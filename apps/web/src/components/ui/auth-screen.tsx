import { DarkStage } from './dark-stage.tsx';
import type { ReactNode } from 'react';
import type { ComponentType, SVGProps } from 'react';

/**
 * The frame of the account screens (and the team join page): a dark page (so the transparent navbar reads well)
 * with one white card in the middle.
 */
export function AuthScreen({
  title,
  description,
  icon: Icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <DarkStage
      as="div"
      className="flex min-h-dvh items-start justify-center px-4 pb-16 pt-24 sm:items-center sm:pt-28"
      glow="bg-[radial-gradient(circle_at_20%_10%,var(--color-indigo-700),transparent_45%),radial-gradient(circle_at_85%_80%,var(--color-violet-800),transparent_40%)] opacity-70"
    >
      <div className="w-full max-w-md">
        <div className="rounded-2xl bg-white px-6 py-8 shadow-2xl shadow-indigo-950/40 ring-1 ring-slate-900/5 sm:px-10 sm:py-10">
          {Icon ? (
            <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <Icon className="size-6" />
            </span>
          ) : null}
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
          <div className="mt-8">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-300">{footer}</div> : null}
      </div>
    </DarkStage>
  );
}
