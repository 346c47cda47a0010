import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import {
  useController,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../lib/cn.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { Button } from './button.tsx';
import { ChoiceCards, Input, TextArea } from './form-controls.tsx';

/** The contract as a react-hook-form resolver: its rules and its sentences, per field. */
export function contractResolver<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
): Resolver<In, unknown, Out> {
  // The resolver's overloads do not see through a generic schema; its types are ours.
  return zodResolver(schema as never) as never;
}

/**
 * The one form layer (DESIGN §6): react-hook-form, validated by the shared zod contract, so
 * a field's rule and its sentence are the server's own. Errors show after a submit and a
 * field's error clears as soon as it is edited (it is checked again on the next submit).
 */
export function useContractForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
): UseFormReturn<In, unknown, Out> {
  return useForm<In, unknown, Out>({
    resolver: contractResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The forms have always left the focus where the person is (the errors are announced).
    shouldFocusError: false,
  });
}

/**
 * A contract form whose values live in a store of their own (the wizard's persisted `event`
 * store, spec §6): the form shows the store's values and hands every edit back to it, so what
 * is typed survives leaving the page and a reload. Rules, errors and the server's refusals
 * are the form layer's, as for any other form; the form's errors stay when the store answers
 * an edit with the values the form already holds.
 */
export function useStoredForm<In extends FieldValues, Out extends FieldValues = In>(
  /** Absent where the form checks its parts itself (the wizard saves a step partially). */
  schema: z.ZodType<Out, In> | null,
  values: In,
  onEdit: (values: In, field: FieldPath<In>) => void,
): UseFormReturn<In, unknown, Out> {
  const form = useForm<In, unknown, Out>({
    ...(schema ? { resolver: contractResolver(schema) } : {}),
    values,
    resetOptions: { keepErrors: true },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const edit = useRef(onEdit);
  useEffect(() => {
    edit.current = onEdit;
  });
  useEffect(() => {
    // Only the person's edits go to the store, not the store's own values coming back.
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name, type }) => {
        if (name && type === 'change') edit.current(values, name as FieldPath<In>);
      },
    });
  }, [form]);
  return form;
}

/**
 * What a labelled control (Input, NewPasswordInput, Select, TextArea) needs from a contract
 * form for one field: its name, value, change and blur, and its error.
 */
export function useFieldProps<T extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<T, unknown, Out>,
  name: FieldPath<T>,
  /** How the typed text is held (e.g. a promo code in capitals). */
  format?: (text: string) => string,
) {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      field.onChange(format ? format(e.target.value) : e.target.value);
      if (fieldState.error) form.clearErrors(name);
      // The server's sentence for the whole form goes too once anything is edited.
      if (form.formState.errors.root) form.clearErrors('root');
    },
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

/**
 * The same for a control that hands back its value rather than an event (radio cards, the
 * team's events picker, a switch): the value, a change that clears the field's error (and
 * the form's), and the error.
 */
export function useFieldControl<T extends FieldValues, Out extends FieldValues, V>(
  form: UseFormReturn<T, unknown, Out>,
  name: FieldPath<T>,
) {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    value: field.value as V,
    onChange: (value: V) => {
      field.onChange(value);
      if (fieldState.error) form.clearErrors(name);
      if (form.formState.errors.root) form.clearErrors('root');
    },
    error: fieldState.error?.message,
  };
}

/**
 * The server's refusal on the form: each field's sentence under its field; a sentence for
 * the whole form under `sentenceField` when given (e.g. a wrong current password), else as
 * the form's own error (`formError(form)`).
 */
export function showApiErrors<T extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<T, unknown, Out>,
  err: unknown,
  sentenceField?: FieldPath<T>,
): void {
  const { _form: sentence, ...fields } = apiFieldErrors(err);
  const known = Object.entries(fields).filter(
    ([key, message]) => message && key in form.getValues(),
  );
  for (const [key, message] of known) form.setError(key as FieldPath<T>, { message });
  if (!sentence) return;
  if (sentenceField && known.length === 0) form.setError(sentenceField, { message: sentence });
  else form.setError('root', { message: sentence });
}

/** The form's own error from the server (no field's), if any. */
export function formError<T extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<T, unknown, Out>,
): string | undefined {
  return form.formState.errors.root?.message;
}

type InputProps = Omit<
  Parameters<typeof Input>[0],
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue' | 'form'
>;

/** A labelled input bound to a contract form: its value, its error and nothing else to wire. */
export function FormInput<T extends FieldValues, Out extends FieldValues>({
  form,
  name,
  format,
  inputName,
  ...props
}: InputProps & {
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPath<T>;
  format?: (text: string) => string;
  /** The input's own name where the field's would invite a browser's autofill ("name"). */
  inputName?: string;
}) {
  const field = useFieldProps(form, name, format);
  return <Input {...props} {...field} name={inputName ?? field.name} />;
}

/** An email address field bound to a contract form: labelled "Email", with the email keyboard. */
export function FormEmailInput<T extends FieldValues, Out extends FieldValues>(
  props: Omit<Parameters<typeof FormInput<T, Out>>[0], 'type' | 'inputMode' | 'label'> & {
    label?: string;
  },
) {
  return <FormInput label="Email" type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** A labelled text area bound to a contract form. */
export function FormTextArea<T extends FieldValues, Out extends FieldValues>({
  form,
  name,
  inputName,
  ...props
}: Omit<
  Parameters<typeof TextArea>[0],
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue' | 'form'
> & {
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPath<T>;
  inputName?: string;
}) {
  const field = useFieldProps(form, name);
  return <TextArea {...props} {...field} name={inputName ?? field.name} />;
}

/**
 * Radio choices drawn as cards, bound to a contract form's field; `group` names the radios
 * when two forms on one page hold the same field (the invite form and the member dialog).
 */
export function FormChoiceCards<T extends FieldValues, Out extends FieldValues, V extends string>({
  form,
  name,
  group,
  ...props
}: Omit<Parameters<typeof ChoiceCards<V>>[0], 'name' | 'value' | 'onChange'> & {
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPath<T>;
  group?: string;
}) {
  const { value, onChange } = useFieldControl<T, Out, V>(form, name);
  return <ChoiceCards {...props} name={group ?? name} value={value} onChange={onChange} />;
}

/** A form's refusal that belongs to no field (the server's sentence), above its buttons. */
export function FormFailure({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={cn(
        'rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-inset ring-red-200',
        className,
      )}
    >
      {children}
    </p>
  );
}

/**
 * A form's submit button: disabled and saying `busyLabel` (the spec's "Sending...") while
 * the form's call runs, so it is sent once.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...props
}: Omit<Parameters<typeof Button>[0], 'type'> & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}
