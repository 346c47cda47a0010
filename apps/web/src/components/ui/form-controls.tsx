import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from './control-classes.ts';

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

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  wrapperClassName?: string;
}

function FieldFrame({
  label,
  error,
  hint,
  optional,
  wrapperClassName,
  ids,
  children,
}: FieldProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor={ids.fieldId} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && !error ? (
        <p id={ids.hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled control's parts: what its frame shows (label, hint, error) and what the
 * control itself takes (its id, its error for assistive technology, its classes, the rest).
 */
function useField<
  P extends FieldProps & { id?: string | undefined; className?: string | undefined },
>(
  { label, error, hint, optional, wrapperClassName, id, className, ...rest }: P,
  extraClass?: string | null,
) {
  const ids = useFieldIds(id, hint, error);
  return {
    frame: { label, error, hint, optional, wrapperClassName, ids },
    control: {
      id: ids.fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids.describedBy,
      className: cn(controlClasses(error), extraClass, className),
      ...rest,
    },
  };
}

type InputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
    prefix?: ReactNode;
    suffix?: ReactNode;
  };

/** A labelled input; `prefix` draws a unit such as ₦ inside its left edge. */
export function Input({ prefix, suffix, ...props }: InputProps) {
  const { frame, control } = useField(props, cn(prefix ? 'pl-8' : null, suffix ? 'pr-9' : null));
  const input = <input {...control} />;
  return (
    <FieldFrame {...frame}>
      {prefix || suffix ? (
        <div className="relative">
          {prefix ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-sm font-semibold text-slate-500"
            >
              {prefix}
            </span>
          ) : null}
          {input}
          {suffix ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-sm font-semibold text-slate-500"
            >
              {suffix}
            </span>
          ) : null}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

/**
 * A field for choosing a password (signup, reset, settings): masked, offered to password
 * managers as a new password, with the length rule under it unless `rule` is false (the
 * confirmation field).
 */
export function NewPasswordInput({
  rule = true,
  ...props
}: Omit<InputProps, 'type' | 'autoComplete' | 'hint'> & { rule?: boolean }) {
  return (
    <Input
      type="password"
      autoComplete="new-password"
      hint={rule ? 'At least 8 characters.' : undefined}
      {...props}
    />
  );
}

export function Select(props: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const { frame, control } = useField(props, 'pr-9');
  return (
    <FieldFrame {...frame}>
      <select {...control} />
    </FieldFrame>
  );
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} />
    </FieldFrame>
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
