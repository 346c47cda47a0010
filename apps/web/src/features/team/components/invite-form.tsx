import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormChoiceCards,
  FormEmailInput,
  formError,
  showApiErrors,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { toast } from '../../../lib/toast.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { inviteForm } from '../lib/invite-form.ts';
import { ROLE_OPTIONS } from '../lib/roles.ts';
import { EventsScopeField, type EventScope } from './events-scope-field.tsx';

type InviteValues = z.input<typeof inviteForm>;
type InviteBody = z.output<typeof inviteForm>;

/**
 * Invite someone by email: they get a link to join as manager or door steward, for all
 * events or some. Checked with the shared contract first; the server's refusals land next
 * to their fields.
 */
export function InviteForm() {
  const invite = useInviteMember();
  const form = useContractForm(inviteForm, { email: '', role: 'door', eventIds: null });
  const events = useFieldControl<InviteValues, InviteBody, EventScope | undefined>(
    form,
    'eventIds',
  );

  const submit = form.handleSubmit(async () => {
    if (invite.isPending) return;
    // What was typed (trimmed) is sent; the server applies the same contract.
    const values = form.getValues();
    try {
      const sent = await invite.mutateAsync({ ...values, email: values.email.trim() });
      toast.success(`Invitation sent to ${sent.email}.`);
      form.reset({ ...values, email: '' });
    } catch (err) {
      showApiErrors(form, err);
    }
  });

  return (
    <Panel
      id="invite"
      title="Invite someone"
      description="They get an email with a link to join. It works for 7 days; inviting the same address again sends a new link."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {formError(form) ? <Alert tone="error">{formError(form)}</Alert> : null}
        <FormEmailInput
          form={form}
          name="email"
          autoComplete="off"
          placeholder="steward@example.com"
        />
        <FormChoiceCards
          form={form}
          name="role"
          group="invite-role"
          legend="Role"
          options={ROLE_OPTIONS}
        />
        <EventsScopeField
          name="invite-events"
          value={events.value ?? null}
          onChange={events.onChange}
          error={events.error}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={invite.isPending}>
            <SendIcon className="size-5" />
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
