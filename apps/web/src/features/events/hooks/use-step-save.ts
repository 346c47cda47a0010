import { updateEventBody, type ManageEventDto } from '@gatepass/shared';
import { useCallback, useState } from 'react';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import {
  contractIssues,
  heldBackFields,
  issuesFromDetails,
  messagesByField,
  patchForStep,
  STEP_FORM_FIELDS,
  withoutFields,
  type EventFormField,
  type StepSlug,
} from '../lib/wizard.ts';
import type { WizardForm } from './use-wizard-form.ts';

export type FieldMessages = Record<string, string>;

/**
 * Saves the event fields of wizard steps. The step is checked with the shared contract
 * first (the server's own rules and sentences): what it refuses stays on screen beside its
 * field, unsent, and the rest of the step is saved. The server's `details.issues` land
 * beside their fields too; a failure is shown on the page, never as a toast, so nothing
 * stale follows the organiser to the next step. Only changed fields are sent.
 */
export function useStepSave(event: ManageEventDto, wizard: WizardForm) {
  const update = useUpdateEvent();
  const [errors, setErrors] = useState<FieldMessages>({});

  const save = useCallback(
    async (slug: StepSlug): Promise<boolean> => {
      const sent = wizard.form;
      const changed = (f: EventFormField) =>
        wizard.dirty.includes(f) && sent[f] !== wizard.saved[f];
      // Typed and typed back is no change: nothing to send.
      if (!STEP_FORM_FIELDS[slug].some(changed)) {
        setErrors({});
        return true;
      }
      const local = contractIssues(updateEventBody, patchForStep(slug, sent));
      const held = heldBackFields(local);
      const fields = STEP_FORM_FIELDS[slug].filter((f) => !held.has(f));
      setErrors(messagesByField(local));
      if (!fields.some(changed)) return local.length === 0;
      try {
        const answer = await update.mutateAsync({
          id: event.id,
          body: withoutFields(patchForStep(slug, sent), held),
          quiet: true,
        });
        wizard.markSaved(answer, fields, sent);
        return local.length === 0;
      } catch (err) {
        const failure = readApiFailure(err);
        const issues = issuesFromDetails(failure.details);
        setErrors({
          ...messagesByField(local),
          ...(issues.length
            ? messagesByField(issues)
            : { _form: failure.error ?? 'Your changes could not be saved. Please try again.' }),
        });
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
