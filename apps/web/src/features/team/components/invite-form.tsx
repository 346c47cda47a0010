import { inviteMemberBody, MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceCards, Input } from '../../../components/ui/form-controls.tsx';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { ROLE_DESCRIPTIONS } from '../lib/roles.ts';
import { EventsScopeField, type EventScope } from './events-scope-field.tsx';

const roleOptions = MEMBER_ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
}));

/**
 * Invite someone by email: they get a link to join as manager or door steward, for all
 * events or some. Checked with the shared contract first; the server's refusals land next
 * to their fields.
 */
export function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('door');
  const [events, setEvents] = useState<EventScope>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const body = { email: email.trim(), role, eventIds: events };
    const invalid =
      zodFieldErrors(inviteMemberBody, body) ??
      (events !== null && events.length === 0
        ? { eventIds: 'Tick at least one event, or give all events.' }
        : null);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    try {
      const sent = await invite.mutateAsync(body);
      toast.success(`Invitation sent to ${sent.email}.`);
      setEmail('');
      setErrors({});
    } catch (err) {
      setErrors(apiFieldErrors(err));
    }
  }

  return (
    <Panel
      id="invite"
      title="Invite someone"
      description="They get an email with a link to join. It works for 7 days; inviting the same address again sends a new link."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {errors._form ? <Alert tone="error">{errors._form}</Alert> : null}
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          placeholder="steward@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((x) => ({ ...x, email: undefined, _form: undefined }));
          }}
          error={errors.email}
        />
        <ChoiceCards
          legend="Role"
          name="invite-role"
          value={role}
          onChange={setRole}
          options={roleOptions}
        />
        <EventsScopeField
          name="invite-events"
          value={events}
          onChange={(next) => {
            setEvents(next);
            setErrors((x) => ({ ...x, eventIds: undefined }));
          }}
          error={errors.eventIds}
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
