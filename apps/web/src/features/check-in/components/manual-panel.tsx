import { useId, useState } from 'react';
import { isManualCode, MANUAL_CODE_LENGTH } from '../lib/door.ts';

/**
 * Manual tab (spec §2, §5): validation fires only when the input is exactly 8 digits.
 * The field then empties, ready for the next code; the banner names the code it judged.
 */
export function ManualPanel({ onCode }: { onCode: (code: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <div className="mx-auto max-w-md space-y-2">
      <label htmlFor={id} className="block text-base font-semibold text-slate-800">
        Ticket code
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="done"
        placeholder="Enter 8-digit code"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isManualCode(next)) {
            onCode(next);
            setValue('');
          } else {
            setValue(next);
          }
        }}
        className="block h-16 w-full rounded-xl border-0 bg-white px-4 text-center font-mono text-3xl tracking-[0.2em] text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:font-sans placeholder:text-lg placeholder:tracking-normal placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-600"
      />
      <p className="text-sm text-slate-500">
        The code is checked as soon as all {MANUAL_CODE_LENGTH} digits are in.
      </p>
    </div>
  );
}
