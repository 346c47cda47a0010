import {
  SETTINGS_LIMITS,
  updateOrganiserBody,
  type SettingsDto,
  type UpdateOrganiserBody,
} from '@gatepass/shared';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormInput, showApiErrors, useContractForm } from '../../../components/ui/form.tsx';
import { apiFieldErrors } from '../../../lib/field-errors.ts';
import { useUpdateOrganiser } from '../api/update-organiser.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { FormActions } from './settings-section.tsx';

const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const LOGO_MAX_BYTES = 5 * 1024 * 1024;

type Organiser = SettingsDto['organiser'];

/** The name as typed; sent trimmed, or null (the full name shows) when left empty. */
const bodyFrom = ({ publicName }: { publicName: string }): UpdateOrganiserBody => ({
  publicName: publicName.trim() || null,
});
const organiserNameForm = z
  .object({ publicName: z.string() })
  .transform(bodyFrom)
  .pipe(updateOrganiserBody.pick({ publicName: true }));

/** The name and logo buyers see on event pages. */
export function OrganiserForm({ organiser, fullName }: { organiser: Organiser; fullName: string }) {
  const form = useContractForm(organiserNameForm, { publicName: organiser.publicName ?? '' });
  const publicName = form.watch('publicName');
  const [logoError, setLogoError] = useState<string | undefined>();
  const save = useUpdateOrganiser();
  const upload = useUploadLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const changed = publicName.trim() !== (organiser.publicName ?? '');
  const shownName = publicName.trim() || fullName;

  const submit = form.handleSubmit(async () => {
    try {
      const { message } = await save.mutateAsync(bodyFrom(form.getValues()));
      toast.success(message ?? 'Settings saved.');
    } catch (err) {
      // A refusal without a field's sentence shows under the name too.
      showApiErrors(form, err, 'publicName');
    }
  });

  async function chooseLogo(file: File | undefined) {
    if (!file) return;
    setLogoError(undefined);
    if (!LOGO_TYPES.includes(file.type)) {
      setLogoError('Choose a JPEG, PNG or WebP image.');
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setLogoError('The logo must be at most 5 MB.');
      return;
    }
    try {
      const media = await upload.mutateAsync(file);
      await save.mutateAsync({ logoMediaId: media.id });
      toast.success('Logo saved.');
    } catch (err) {
      setLogoError(apiFieldErrors(err)._form ?? 'The logo could not be uploaded.');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const busyLogo =
    upload.isPending || (save.isPending && save.variables?.logoMediaId !== undefined);

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-medium text-slate-800">Logo</p>
        <div className="mt-2 flex flex-wrap items-center gap-4">
          {organiser.logoUrl ? (
            <img
              src={organiser.logoUrl}
              alt={`${organiser.displayName} logo`}
              className="size-16 rounded-xl bg-white object-contain ring-1 ring-slate-200"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-xl bg-indigo-50 text-xl font-bold text-indigo-700 ring-1 ring-indigo-100"
            >
              {shownName.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              aria-label="Logo image"
              tabIndex={-1}
              accept={LOGO_TYPES.join(',')}
              className="sr-only"
              onChange={(e) => void chooseLogo(e.target.files?.[0])}
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={busyLogo}
              onClick={() => fileInput.current?.click()}
              aria-describedby={`${fileId}-hint`}
            >
              {busyLogo ? 'Uploading...' : organiser.logoUrl ? 'Change logo' : 'Upload logo'}
            </Button>
            {organiser.logoUrl ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busyLogo || save.isPending}
                onClick={() =>
                  save.mutate(
                    { logoMediaId: null },
                    { onSuccess: () => toast.success('Logo removed.') },
                  )
                }
              >
                Remove
              </Button>
            ) : null}
          </div>
        </div>
        <p id={`${fileId}-hint`} className="mt-2 text-sm text-slate-500">
          A square JPEG, PNG or WebP up to 5 MB looks best.
        </p>
        {logoError ? (
          <p role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {logoError}
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Organiser name">
        <FormInput
          form={form}
          name="publicName"
          label="Public name"
          optional
          maxLength={SETTINGS_LIMITS.publicNameMax}
          hint={`Buyers see “${shownName}” as the organiser. Leave empty to show your full name.`}
        />
        <FormActions>
          <Button type="submit" disabled={save.isPending || !changed}>
            {save.isPending && !busyLogo ? 'Saving...' : 'Save name'}
          </Button>
        </FormActions>
      </form>
    </div>
  );
}
