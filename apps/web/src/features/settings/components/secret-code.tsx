import { cn } from '../../../lib/cn.ts';

/** A secret shown once (a token, a signing secret): in full, breaking anywhere, to copy. */
export function SecretCode({
  secret,
  testId,
  className,
}: {
  secret: string;
  testId: string;
  className: string;
}) {
  return (
    <code
      data-testid={testId}
      className={cn(
        'block break-all bg-white px-3 py-2 font-mono text-slate-900 ring-1 ring-emerald-200',
        className,
      )}
    >
      {secret}
    </code>
  );
}
