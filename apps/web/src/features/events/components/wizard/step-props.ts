import type { ManageEventDto } from '@gatepass/shared';
import type { FieldMessages } from '../../hooks/use-step-save.ts';
import type { WizardForm } from '../../hooks/use-wizard-form.ts';
import type { StepSlug } from '../../lib/wizard.ts';

export interface StepProps {
  event: ManageEventDto;
  wizard: WizardForm;
  /**
   * The step's messages by field, and those of no one input: `venue`, `ticketTypes`, and
   * `_form` (the server's). The inputs bind to `wizard.fields` and show their own.
   */
  errors: FieldMessages;
  goTo: (slug: StepSlug) => void;
}

/** A wizard input bound to one text field: its value, the setter and the field's message. */
export interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}
