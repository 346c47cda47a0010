import { Description, Field, Label, Switch } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

// Apart from the other form controls (form-controls.tsx): Headless UI comes with it, and
// the pages that only take text (checkout, sign-up) do not load it (decision 104).

/**
 * An on/off switch with its label (role="switch", toggled by click, Space or Enter).
 * Headless UI's Field ties the Label and Description to the switch.
 */
export function Toggle({
  checked,
  onChange,
  label,
  description,
  disabled,
  srLabel,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** The accessible name when no visible label is shown. */
  srLabel?: string;
}) {
  const control = (
    <Switch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={label ? undefined : srLabel}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'data-disabled:cursor-not-allowed data-disabled:opacity-60',
        checked ? 'bg-indigo-600' : 'bg-slate-300',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none mt-0.5 inline-block size-5 rounded-full bg-white shadow ring-0 transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </Switch>
  );
  if (!label && !description) return control;
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        {label ? <Label className="text-sm font-medium text-slate-800">{label}</Label> : null}
        {description ? (
          <Description className="mt-0.5 text-sm text-slate-500">{description}</Description>
        ) : null}
      </div>
      {control}
    </Field>
  );
}
