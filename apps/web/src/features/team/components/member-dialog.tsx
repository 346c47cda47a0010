import { isMemberRole, ROLE_LABELS, type TeamMemberDto } from '@gatepass/shared';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  FormChoiceCards,
  formError,
  showApiErrors,
  SubmitButton,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { ROLE_OPTIONS } from '../lib/roles.ts';
import { memberForm } from '../lib/invite-form.ts';
import { EventsScopeField, type EventScope } from './events-scope-field.tsx';

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

type MemberValues = z.input<typeof memberForm>;
type MemberBody = z.output<typeof memberForm>;

function MemberForm({ member, onDone }: { member: TeamMemberDto; onDone: () => void }) {
  const update = useUpdateMember();
  const form = useContractForm(memberForm, {
    role: isMemberRole(member.role) ? member.role : 'door',
    eventIds: member.events?.map((e) => e.id) ?? null,
  });
  const events = useFieldControl<MemberValues, MemberBody, EventScope | undefined>(
    form,
    'eventIds',
  );

  const submit = form.handleSubmit(async ({ role, eventIds }) => {
    if (update.isPending) return;
    try {
      const saved = await update.mutateAsync({ userId: member.userId, role, eventIds });
      toast.success(`${saved.fullName} is now ${ROLE_LABELS[saved.role].toLowerCase()}.`);
      onDone();
    } catch (err) {
      showApiErrors(form, err);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {formError(form) ? <Alert tone="error">{formError(form)}</Alert> : null}
      <FormChoiceCards
        form={form}
        name="role"
        group="member-role"
        legend="Role"
        options={ROLE_OPTIONS}
      />
      <EventsScopeField
        name="member-events"
        value={events.value ?? null}
        onChange={events.onChange}
        error={events.error}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton busy={update.isPending} busyLabel="Saving...">
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}
