import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';

/** "… could not be loaded. Try again": a list or panel whose data did not arrive. */
export function LoadFailed({
  children,
  onRetry,
  className,
}: {
  children: ReactNode;
  onRetry: () => unknown;
  className?: string;
}) {
  return (
    <Alert tone="error" {...(className ? { className } : {})}>
      {children}{' '}
      <button type="button" className="font-semibold underline" onClick={() => void onRetry()}>
        Try again
      </button>
    </Alert>
  );
}
