import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { readApiFailure } from '../../../lib/api-error.ts';
import { unlockTicketTypes } from '../../../lib/queries/access-codes.ts';

/**
 * The open "I have an access code" field (decision 087): a right code hands its hidden
 * ticket types to the page, a wrong one is said under the field. Loaded when the buyer
 * opens the field, with the form layer's input and the UI kit it brings, not with every
 * event page (issue 23 §4, decision 090).
 */
export default function AccessCodeForm({
  slug,
  onApplied,
}: {
  slug: string;
  onApplied: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
