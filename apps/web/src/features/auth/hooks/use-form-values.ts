import { useState } from 'react';
import type { FieldErrors } from '../lib/form-errors.ts';

/**
 * The values and per-field errors of an auth form (login, signup, reset): typing in a
 * field sets its value and clears that field's error.
 */
export function useFormValues<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const change = (field: K, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return { values, errors, setErrors, change };
}
