import { EVENT_LIMITS, zoneOffsetLabel } from '@gatepass/shared';
import { useMemo } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { timeZoneOptions } from '../../lib/local-time.ts';
import type { PlaceType } from '../../lib/wizard.ts';
import { ChoiceCards, Input, Select } from '../../../../components/ui/form-controls.tsx';
import type { StepProps } from './step-props.ts';

export function PlaceStep({ wizard, errors, change }: StepProps) {
  const { form } = wizard;
  const zones = useMemo(() => timeZoneOptions(form.timeZone), [form.timeZone]);
  const offset = zoneOffsetLabel(form.timeZone);
  return (
    <div className="grid gap-8">
      <fieldset className="grid gap-5">
        <legend className="text-base font-semibold text-slate-900">When</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label="Starts"
            name="startAt"
            type="datetime-local"
            value={form.startAt}
            error={errors.startAt}
            hint={`Local time at the event (${offset}).`}
            onChange={(e) => change('startAt', e.target.value)}
          />
          <Input
            label="Ends"
            name="endAt"
            type="datetime-local"
            min={form.startAt || undefined}
            value={form.endAt}
            error={errors.endAt}
            onChange={(e) => change('endAt', e.target.value)}
          />
        </div>
        <Select
          label="Time zone"
          name="timeZone"
          value={form.timeZone}
          error={errors.timeZone}
          wrapperClassName="sm:max-w-sm"
          hint="Guests see times in this zone, wherever they are."
          onChange={(e) => change('timeZone', e.target.value)}
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
        <ChoiceCards<PlaceType>
          legend="Where does it happen?"
          name="placeType"
          value={form.placeType}
          onChange={(value) => change('placeType', value)}
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
            <Input
              label="Venue name"
              name="venueName"
              maxLength={EVENT_LIMITS.venueNameMax}
              autoComplete="off"
              value={form.venueName}
              error={errors.venueName}
              placeholder="Terra Kulture"
              wrapperClassName="sm:col-span-2"
              onChange={(e) => change('venueName', e.target.value)}
            />
            <Input
              label="Address"
              name="address"
              maxLength={EVENT_LIMITS.addressMax}
              autoComplete="street-address"
              value={form.address}
              error={errors.address}
              placeholder="1376 Tiamiyu Savage St, Victoria Island"
              onChange={(e) => change('address', e.target.value)}
            />
            <Input
              label="City"
              name="city"
              maxLength={EVENT_LIMITS.cityMax}
              autoComplete="address-level2"
              value={form.city}
              error={errors.city}
              placeholder="Lagos"
              onChange={(e) => change('city', e.target.value)}
            />
          </div>
        ) : (
          <Input
            label="Online link"
            name="onlineUrl"
            type="url"
            inputMode="url"
            maxLength={EVENT_LIMITS.urlMax}
            value={form.onlineUrl}
            error={errors.onlineUrl}
            placeholder="https://meet.example.com/your-event"
            hint="Only people with a ticket get this link."
            onChange={(e) => change('onlineUrl', e.target.value)}
          />
        )}
      </fieldset>
    </div>
  );
}
