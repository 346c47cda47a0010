import { useLocation } from 'react-router';
import { refusalFromState } from '../../lib/workspace.ts';
import { Alert } from './alert.tsx';

/**
 * Where the manage area's guard sent a role from a page it may not open, the server's own
 * sentence for that refusal (issue 24 §2: never silently). Nothing otherwise.
 */
export function RefusalNotice({ className }: { className?: string }) {
  const { state } = useLocation();
  const refusal = refusalFromState(state);
  if (!refusal) return null;
  return (
    <Alert tone="error" className={className}>
      <p data-testid="role-refusal">{refusal}</p>
    </Alert>
  );
}
