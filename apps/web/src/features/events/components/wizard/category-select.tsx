import { EVENT_CATEGORIES } from '@gatepass/shared';
import type { ComponentProps } from 'react';
import { Select } from '../../../../components/ui/form-controls.tsx';

/** The event's category, on the new-event form and the wizard's details step alike. */
export function CategorySelect(
  field: Omit<ComponentProps<typeof Select>, 'label' | 'wrapperClassName' | 'children'>,
) {
  return (
    <Select label="Category" wrapperClassName="sm:max-w-xs" {...field}>
      {EVENT_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </Select>
  );
}
