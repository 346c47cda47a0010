import { cn } from '../../../lib/cn.ts';

/** The 'Signed in as' heading of the user menu and the small-screen overlay (spec §2). */
export function SignedInAs({
  email,
  className,
  labelClassName,
  emailClassName,
}: {
  email: string;
  className: string;
  labelClassName: string;
  emailClassName?: string;
}) {
  return (
    <div className={className}>
      <p className={cn('text-xs font-medium uppercase tracking-wide', labelClassName)}>
        Signed in as
      </p>
      <p className={cn('mt-0.5 truncate font-semibold', emailClassName)}>{email}</p>
    </div>
  );
}
