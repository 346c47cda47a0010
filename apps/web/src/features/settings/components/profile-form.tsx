import { updateProfileBody, type SettingsDto } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { FormActions } from './settings-section.tsx';

type Profile = SettingsDto['profile'];

/** Full name, email (a new one must be verified) and phone number. */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [values, setValues] = useState({
    fullName: profile.fullName,
    email: profile.email,
    phoneNumber: profile.phoneNumber,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateProfile();
  const emailChanging = values.email.trim().toLowerCase() !== profile.email.toLowerCase();
  const changed =
    values.fullName.trim() !== profile.fullName ||
    emailChanging ||
    values.phoneNumber.trim() !== profile.phoneNumber;

  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, _form: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Only what changed is sent, so an untouched phone is never re-checked.
    const body: Record<string, string> = {};
    if (values.fullName.trim() !== profile.fullName) body.fullName = values.fullName;
    if (emailChanging) body.email = values.email;
    if (values.phoneNumber.trim() !== profile.phoneNumber) body.phoneNumber = values.phoneNumber;
    const invalid = zodFieldErrors(updateProfileBody, body);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    try {
      const { settings, message } = await save.mutateAsync(body);
      toast.success(message ?? 'Profile saved.');
      setValues({
        fullName: settings.profile.fullName,
        email: settings.profile.email,
        phoneNumber: settings.profile.phoneNumber,
      });
      onSaved(settings.profile);
    } catch (err) {
      setErrors(apiFieldErrors(err));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Profile">
      {errors._form ? (
        <Alert tone="error" className="mb-4">
          {errors._form}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Full Name"
          wrapperClassName="sm:col-span-2"
          autoComplete="name"
          value={values.fullName}
          onChange={(e) => set('fullName', e.target.value)}
          error={errors.fullName}
          maxLength={120}
        />
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
          hint={
            emailChanging
              ? 'You will need to verify this new address: we will email a 6-digit code to it when you save.'
              : 'Changing it means verifying the new address again with a code we email to it.'
          }
        />
        <Input
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          value={values.phoneNumber}
          onChange={(e) => set('phoneNumber', e.target.value)}
          error={errors.phoneNumber}
          hint="You log in with this number."
        />
      </div>
      <FormActions>
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </FormActions>
    </form>
  );
}
