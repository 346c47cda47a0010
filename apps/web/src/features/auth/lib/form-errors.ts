import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Validates form values with a shared contract and returns the first message per field,
 * or null when the values are valid. The contracts carry the spec's §5 sentences.
 */
export function formErrors<K extends string>(
  schema: z.ZodType,
  values: Record<K, string>,
): FieldErrors<K> | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as K]) {
      errors[field as K] = issue.message;
    }
  }
  return errors;
}
