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

/** Full name and phone number; the email has its own form (it takes a password and a link). */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [values, setValues] = useState({
    fullName: profile.fullName,
    phoneNumber: profile.phoneNumber,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateProfile();
  const changed =
    values.fullName.trim() !== profile.fullName ||
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
