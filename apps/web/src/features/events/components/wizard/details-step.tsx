import { CategorySelect } from './category-select.tsx';
import { EVENT_LIMITS } from '@gatepass/shared';
import {
  FormInput,
  FormTextArea,
  useFieldControl,
  useFieldProps,
} from '../../../../components/ui/form.tsx';
import type { EventForm } from '../../lib/wizard.ts';
import { MarkdownEditor } from './markdown-editor.tsx';
import type { StepProps } from './step-props.ts';

export function DetailsStep({ wizard }: StepProps) {
  const { fields, form } = wizard;
  const category = useFieldProps(fields, 'category');
  const description = useFieldControl<EventForm, EventForm, string>(fields, 'description');
  return (
    <div className="grid gap-6">
      <FormInput
        form={fields}
        name="title"
        label="Event title"
        required
        maxLength={EVENT_LIMITS.titleMax}
        hint="Short and clear, like “Lagos Jazz Night”."
      />
      <FormTextArea
        form={fields}
        name="summary"
        label="Summary"
        optional
        rows={2}
        maxLength={EVENT_LIMITS.summaryMax}
        hint={`One or two sentences shown on event cards and in link previews (${form.summary.length}/${EVENT_LIMITS.summaryMax}).`}
      />
      <CategorySelect {...category} />
      <MarkdownEditor {...description} />
    </div>
  );
}
