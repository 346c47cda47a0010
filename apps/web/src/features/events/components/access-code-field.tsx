import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { readApiFailure } from '../../../lib/api-error.ts';
import { unlockTicketTypes } from '../../../lib/queries/access-codes.ts';

/**
 * "I have an access code" (decision 087): a closed link until the buyer opens it; a right
 * code hands its hidden ticket types to the page, a wrong one is said under the field.
 */
export function AccessCodeField({
  slug,
  applied,
  onApplied,
  onRemove,
}: {
  slug: string;
  applied: string | null;
  onApplied: (code: string) => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (applied) {
    return (
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <span>
          Access code{' '}
          <span className="rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-emerald-700">
            {applied}
          </span>{' '}
          applied
        </span>
        <button
          type="button"
          onClick={onRemove}
          className="font-semibold text-indigo-700 hover:text-indigo-500"
        >
          Remove
        </button>
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-semibold text-indigo-700 hover:text-indigo-500"
      >
        I have an access code
      </button>
    );
  }

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!typed) {
      setError('Enter your access code.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const unlocked = await unlockTicketTypes(slug, typed);
      onApplied(unlocked.code);
    } catch (err) {
      const failure = readApiFailure(err);
      setError(failure.error ?? 'We could not check the code. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void apply(e)} aria-label="Access code">
      <div className="flex items-start gap-2">
        <Input
          label="I have an access code"
          name="accessCode"
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="FANS2026"
          error={error ?? undefined}
          wrapperClassName="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" className="mt-7" disabled={busy}>
          {busy ? 'Checking…' : 'Apply'}
        </Button>
      </div>
    </form>
  );
}
