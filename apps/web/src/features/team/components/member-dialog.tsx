import {
  isMemberRole,
  MEMBER_ROLES,
  ROLE_LABELS,
  type MemberRole,
  type TeamMemberDto,
} from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { ChoiceCards } from '../../../components/ui/form-controls.tsx';
import { apiFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { ROLE_DESCRIPTIONS } from '../lib/roles.ts';
import { NO_EVENTS_PICKED } from '../lib/invite-form.ts';
import { EventsScopeField, type EventScope } from './events-scope-field.tsx';

const roleOptions = MEMBER_ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
}));

/** Change a member's role and events; it applies from their very next request. */
export function MemberDialog({
  member,
  onClose,
}: {
  member: TeamMemberDto | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={member !== null}
      onClose={onClose}
      title={member ? `Change ${member.fullName}` : 'Change member'}
      description="The change applies from their next request."
    >
      {member && isMemberRole(member.role) ? (
        <MemberForm key={member.userId} member={member} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function MemberForm({ member, onDone }: { member: TeamMemberDto; onDone: () => void }) {
  const update = useUpdateMember();
  const [role, setRole] = useState<MemberRole>(isMemberRole(member.role) ? member.role : 'door');
  const [events, setEvents] = useState<EventScope>(member.events?.map((e) => e.id) ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    if (events !== null && events.length === 0) {
      setErrors({ eventIds: NO_EVENTS_PICKED });
      return;
    }
    try {
      const saved = await update.mutateAsync({ userId: member.userId, role, eventIds: events });
      toast.success(`${saved.fullName} is now ${ROLE_LABELS[saved.role].toLowerCase()}.`);
      onDone();
    } catch (err) {
      setErrors(apiFieldErrors(err));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {errors._form ? <Alert tone="error">{errors._form}</Alert> : null}
      <ChoiceCards
        legend="Role"
        name="member-role"
        value={role}
        onChange={setRole}
        options={roleOptions}
      />
      <EventsScopeField
        name="member-events"
        value={events}
        onChange={(next) => {
          setEvents(next);
          setErrors((x) => ({ ...x, eventIds: undefined }));
        }}
        error={errors.eventIds}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
