import { updateProfileBody, type SettingsDto } from '@gatepass/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import {
  formError,
  FormInput,
  showApiErrors,
  SubmitButton,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { FormActions } from './settings-section.tsx';

type Profile = SettingsDto['profile'];
type Values = { fullName: string; phoneNumber: string };

/** Only what changed is sent (and checked), so an untouched phone is never re-checked. */
function changedFields(values: Values, profile: Profile): Partial<Values> {
  const body: Partial<Values> = {};
  if (values.fullName.trim() !== profile.fullName) body.fullName = values.fullName;
  if (values.phoneNumber.trim() !== profile.phoneNumber) body.phoneNumber = values.phoneNumber;
  return body;
}

/** Full name and phone number; the email has its own form (it takes a password and a link). */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const schema = useMemo(
    () =>
      z
        .object({ fullName: z.string(), phoneNumber: z.string() })
        .transform((values) => changedFields(values, profile))
        .pipe(updateProfileBody),
    [profile],
  );
  const form = useContractForm(schema, {
    fullName: profile.fullName,
    phoneNumber: profile.phoneNumber,
  });
  const save = useUpdateProfile();
  const changed = Object.keys(changedFields(form.watch(), profile)).length > 0;
  const failure = formError(form);

  const submit = async () => {
    try {
      const { settings, message } = await save.mutateAsync(
        changedFields(form.getValues(), profile),
      );
      toast.success(message ?? 'Profile saved.');
      form.reset({
        fullName: settings.profile.fullName,
        phoneNumber: settings.profile.phoneNumber,
      });
      onSaved(settings.profile);
    } catch (err) {
      showApiErrors(form, err);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} aria-label="Profile">
      {failure ? (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="fullName"
          label="Full Name"
          wrapperClassName="sm:col-span-2"
          autoComplete="name"
          maxLength={120}
        />
        <FormInput
          form={form}
          name="phoneNumber"
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          hint="You log in with this number."
        />
      </div>
      <FormActions>
        <SubmitButton busy={save.isPending} busyLabel="Saving..." disabled={!changed}>
          Save profile
        </SubmitButton>
      </FormActions>
    </form>
  );
}
