import type { ManageEventDto } from '@gatepass/shared';
import type { FieldMessages } from '../../hooks/use-step-save.ts';
import type { WizardForm } from '../../hooks/use-wizard-form.ts';
import type { EventForm, EventFormField, StepSlug } from '../../lib/wizard.ts';

export interface StepProps {
  event: ManageEventDto;
  wizard: WizardForm;
  errors: FieldMessages;
  /** Changes one field of the form (and forgets its error). */
  change: <K extends EventFormField>(field: K, value: EventForm[K]) => void;
  goTo: (slug: StepSlug) => void;
}
