import { updateEventBody, type ManageEventDto } from '@gatepass/shared';
import { useCallback } from 'react';
import { apiFieldErrors } from '../../../lib/field-errors.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import {
  contractIssues,
  heldBackFields,
  messagesByField,
  patchForStep,
  STEP_FORM_FIELDS,
  withoutFields,
  type EventFormField,
  type StepSlug,
} from '../lib/wizard.ts';
import type { WizardForm } from './use-wizard-form.ts';

export type FieldMessages = Record<string, string | undefined>;

/**
 * Saves the event fields of wizard steps. The step is checked with the shared contract
 * first (the server's own rules and sentences): what it refuses stays on screen beside its
 * field, unsent, and the rest of the step is saved. The server's `details.issues` land
 * beside their fields too (the messages are the wizard form's errors: a field's goes as
 * it is edited, as in every form); a failure is shown on the page, never as a toast, so nothing
 * stale follows the organiser to the next step. Only changed fields are sent.
 */
export function useStepSave(event: ManageEventDto, wizard: WizardForm) {
  const update = useUpdateEvent();
  const stepForm = wizard.fields;
  // `_form` is the form's own error; the rest name a field (or `venue`, `ticketTypes`).
  const errors: FieldMessages = {};
  for (const [key, error] of Object.entries(stepForm.formState.errors)) {
    if (typeof error?.message === 'string') errors[key === 'root' ? '_form' : key] = error.message;
  }
  const setErrors = useCallback(
    (messages: FieldMessages) => {
      stepForm.clearErrors();
      for (const [key, message] of Object.entries(messages)) {
        if (message) stepForm.setError((key === '_form' ? 'root' : key) as never, { message });
      }
    },
    [stepForm],
  );

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
        const answer = apiFieldErrors(err);
        setErrors({
          ...messagesByField(local),
          ...(Object.keys(answer).length
            ? answer
            : { _form: 'Your changes could not be saved. Please try again.' }),
        });
        return false;
      }
    },
    [event.id, update, wizard, setErrors],
  );

  return { save, errors, setErrors, saving: update.isPending };
}
