import { readApiFailure } from './api-error.ts';

export type FieldErrors = Record<string, string | undefined>;

/**
 * Field messages from a 400 the server answered (`details.issues: [{ field, message }]`),
 * or the sentence of any other refusal under `_form`. Empty when no response arrived.
 */
export function apiFieldErrors(err: unknown): FieldErrors {
  const failure = readApiFailure(err);
  const errors: FieldErrors = {};
  const issues =
    failure.details && typeof failure.details === 'object' && 'issues' in failure.details
      ? (failure.details as { issues: unknown }).issues
      : undefined;
  if (Array.isArray(issues)) {
    for (const issue of issues) {
      if (!issue || typeof issue !== 'object') continue;
      const { field, message } = issue as { field?: unknown; message?: unknown };
      if (typeof message !== 'string') continue;
      const key = typeof field === 'string' && field ? (field.split('.')[0] ?? '_form') : '_form';
      if (!errors[key]) errors[key] = message;
    }
  }
  if (Object.keys(errors).length === 0 && failure.error) errors._form = failure.error;
  return errors;
}
