import {
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../../lib/cn.ts';

export const inputClasses = (error?: string) =>
  cn(
    'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'ring-1 ring-inset placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-inset',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    error ? 'ring-red-400 focus:ring-red-600' : 'ring-slate-300 focus:ring-indigo-600',
  );

/** Label, control, hint and error, tied together for screen readers. */
export function Field({
  label,
  error,
  hint,
  htmlFor,
  hintId,
  errorId,
  optional,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  htmlFor: string;
  hintId: string;
  errorId: string;
  optional?: boolean;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint && !error ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return { fieldId, hintId, errorId, describedBy: describedBy || undefined };
}

interface CommonProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  wrapperClassName?: string;
}

export function InputField({
  label,
  error,
  hint,
  optional,
  wrapperClassName,
  id,
  className,
  prefix,
  ...props
}: CommonProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, 'prefix'> & { prefix?: ReactNode }) {
  const ids = useFieldIds(id, hint, error);
  const input = (
    <input
      id={ids.fieldId}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      className={cn(inputClasses(error), prefix ? 'pl-8' : null, className)}
      {...props}
    />
  );
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      htmlFor={ids.fieldId}
      hintId={ids.hintId}
      errorId={ids.errorId}
      className={wrapperClassName}
    >
      {prefix ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-sm font-semibold text-slate-500"
          >
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  wrapperClassName,
  id,
  className,
  ...props
}: CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      htmlFor={ids.fieldId}
      hintId={ids.hintId}
      errorId={ids.errorId}
      className={wrapperClassName}
    >
      <textarea
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClasses(error), className)}
        {...props}
      />
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  wrapperClassName,
  id,
  className,
  children,
  ...props
}: CommonProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      htmlFor={ids.fieldId}
      hintId={ids.hintId}
      errorId={ids.errorId}
      className={wrapperClassName}
    >
      <select
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(inputClasses(error), 'pr-9', className)}
        {...props}
      >
        {children}
      </select>
    </Field>
  );
}

/** A set of radio choices drawn as cards. */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  value: T;
  options: Array<{ value: T; label: string; description?: string }>;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl p-4 ring-1 ring-inset transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-600',
                checked
                  ? 'bg-indigo-50 ring-indigo-600'
                  : 'bg-white ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
                {option.description ? (
                  <span className="mt-0.5 block text-sm text-slate-600">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
