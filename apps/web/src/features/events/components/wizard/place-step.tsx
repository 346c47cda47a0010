import { EVENT_LIMITS, zoneOffsetLabel } from '@gatepass/shared';
import { useMemo } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { timeZoneOptions } from '../../lib/local-time.ts';
import type { EventForm, PlaceType } from '../../lib/wizard.ts';
import { FormChoiceCards, FormInput, useFieldProps } from '../../../../components/ui/form.tsx';
import { Select } from '../../../../components/ui/form-controls.tsx';
import type { StepProps } from './step-props.ts';

export function PlaceStep({ wizard, errors }: StepProps) {
  const { form, fields } = wizard;
  const timeZone = useFieldProps(fields, 'timeZone');
  const zones = useMemo(() => timeZoneOptions(form.timeZone), [form.timeZone]);
  const offset = zoneOffsetLabel(form.timeZone);
  return (
    <div className="grid gap-8">
      <fieldset className="grid gap-5">
        <legend className="text-base font-semibold text-slate-900">When</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormInput
            form={fields}
            name="startAt"
            label="Starts"
            type="datetime-local"
            hint={`Local time at the event (${offset}).`}
          />
          <FormInput
            form={fields}
            name="endAt"
            label="Ends"
            type="datetime-local"
            min={form.startAt || undefined}
          />
        </div>
        <Select
          label="Time zone"
          wrapperClassName="sm:max-w-sm"
          hint="Guests see times in this zone, wherever they are."
          {...timeZone}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="text-base font-semibold text-slate-900">Where</legend>
        <FormChoiceCards<EventForm, EventForm, PlaceType>
          form={fields}
          name="placeType"
          legend="Where does it happen?"
          options={[
            { value: 'venue', label: 'At a venue', description: 'Guests come to a place.' },
            {
              value: 'online',
              label: 'Online',
              description: 'A link (Zoom, Meet, YouTube…) sent to ticket holders.',
            },
          ]}
        />
        {errors.venue ? <Alert tone="error">{errors.venue}</Alert> : null}
        {form.placeType === 'venue' ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <FormInput
              form={fields}
              name="venueName"
              label="Venue name"
              maxLength={EVENT_LIMITS.venueNameMax}
              autoComplete="off"
              placeholder="Terra Kulture"
              wrapperClassName="sm:col-span-2"
            />
            <FormInput
              form={fields}
              name="address"
              label="Address"
              maxLength={EVENT_LIMITS.addressMax}
              autoComplete="street-address"
              placeholder="1376 Tiamiyu Savage St, Victoria Island"
            />
            <FormInput
              form={fields}
              name="city"
              label="City"
              maxLength={EVENT_LIMITS.cityMax}
              autoComplete="address-level2"
              placeholder="Lagos"
            />
          </div>
        ) : (
          <FormInput
            form={fields}
            name="onlineUrl"
            label="Online link"
            type="url"
            inputMode="url"
            maxLength={EVENT_LIMITS.urlMax}
            placeholder="https://meet.example.com/your-event"
            hint="Only people with a ticket get this link."
          />
        )}
      </fieldset>
    </div>
  );
}
