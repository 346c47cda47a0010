import { updateEventBody, type ManageEventDto } from '@gatepass/shared';
import { useCallback, useState } from 'react';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import {
  contractIssues,
  issuesFromDetails,
  messagesByField,
  patchForStep,
  STEP_FORM_FIELDS,
  type StepSlug,
} from '../lib/wizard.ts';
import type { WizardForm } from './use-wizard-form.ts';

export type FieldMessages = Record<string, string>;

/**
 * Saves the event fields of wizard steps: checked first with the shared contract (the same
 * sentences as the server), then PATCHed; the server's `details.issues` land beside
 * their fields. Only steps with unsaved changes are sent.
 */
export function useStepSave(event: ManageEventDto, wizard: WizardForm) {
  const update = useUpdateEvent();
  const [errors, setErrors] = useState<FieldMessages>({});

  const save = useCallback(
    async (slug: StepSlug, options: { quiet?: boolean } = {}): Promise<boolean> => {
      const fields = STEP_FORM_FIELDS[slug];
      // Typed and typed back is no change: nothing to send.
      if (!fields.some((f) => wizard.dirty.includes(f) && wizard.form[f] !== wizard.saved[f]))
        return true;
      const sent = wizard.form;
      const body = patchForStep(slug, sent);
      const local = contractIssues(updateEventBody, body);
      if (local.length) {
        setErrors(messagesByField(local));
        return false;
      }
      try {
        const answer = await update.mutateAsync({
          id: event.id,
          body,
          quiet: options.quiet ?? false,
        });
        wizard.markSaved(answer, fields, sent);
        setErrors({});
        return true;
      } catch (err) {
        const failure = readApiFailure(err);
        const issues = issuesFromDetails(failure.details);
        setErrors(
          issues.length
            ? messagesByField(issues)
            : { _form: failure.error ?? 'Your changes could not be saved. Please try again.' },
        );
        return false;
      }
    },
    [event.id, update, wizard],
  );

  const clearError = useCallback((field: string) => {
    setErrors((current) => {
      if (
        !(field in current) &&
        !(field === 'venueName' || field === 'address' || field === 'city')
      )
        return current;
      const next = { ...current };
      delete next[field];
      if (field === 'venueName' || field === 'address' || field === 'city' || field === 'onlineUrl')
        delete next.venue;
      return next;
    });
  }, []);

  return { save, errors, setErrors, clearError, saving: update.isPending };
}
