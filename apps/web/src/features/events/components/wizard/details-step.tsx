import { EVENT_CATEGORIES, EVENT_LIMITS, type EventCategory } from '@gatepass/shared';
import { Input, Select, TextArea } from '../../../../components/ui/form-controls.tsx';
import { MarkdownEditor } from './markdown-editor.tsx';
import type { StepProps } from './step-props.ts';

export function DetailsStep({ wizard, errors, change }: StepProps) {
  const { form } = wizard;
  return (
    <div className="grid gap-6">
      <Input
        label="Event title"
        name="title"
        required
        maxLength={EVENT_LIMITS.titleMax}
        value={form.title}
        error={errors.title}
        hint="Short and clear, like “Lagos Jazz Night”."
        onChange={(e) => change('title', e.target.value)}
      />
      <TextArea
        label="Summary"
        name="summary"
        optional
        rows={2}
        maxLength={EVENT_LIMITS.summaryMax}
        value={form.summary}
        error={errors.summary}
        hint={`One or two sentences shown on event cards and in link previews (${form.summary.length}/${EVENT_LIMITS.summaryMax}).`}
        onChange={(e) => change('summary', e.target.value)}
      />
      <Select
        label="Category"
        name="category"
        value={form.category}
        error={errors.category}
        wrapperClassName="sm:max-w-xs"
        onChange={(e) => change('category', e.target.value as EventCategory)}
      >
        {EVENT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </Select>
      <MarkdownEditor
        value={form.description}
        error={errors.description}
        onChange={(value) => change('description', value)}
      />
    </div>
  );
}
