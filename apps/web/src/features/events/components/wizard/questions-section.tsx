import {
  CONDITION_KINDS,
  conditionValues,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  saveQuestionsBody,
  type ManageEventDto,
  type QuestionDto,
  type QuestionKind,
  type SaveQuestionsBody,
} from '@gatepass/shared';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/button.tsx';
import { Select, TextArea } from '../../../../components/ui/form-controls.tsx';
import {
  formError,
  FormFailure,
  FormInput,
  showApiErrors,
  SubmitButton,
  useContractForm,
  useFieldControl,
  useFieldProps,
} from '../../../../components/ui/form.tsx';
import { PlusIcon, TrashIcon } from '../../../../components/ui/icons.tsx';
import { BlockSpinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../lib/toast.ts';
import { useEventQuestions, useSaveEventQuestions } from '../../api/questions.ts';

type Values = z.input<typeof saveQuestionsBody>;
type Out = z.output<typeof saveQuestionsBody>;
type Form = UseFormReturn<Values, unknown, Out>;
type Question = Values['questions'][number];

const CHOICES: readonly QuestionKind[] = ['one_choice', 'many_choices'];

const blank = (): Question => ({
  id: crypto.randomUUID(),
  label: '',
  kind: 'short_text',
  required: false,
  per: 'order',
  options: [],
  ticketTypeIds: [],
  showIf: null,
});

const fromDto = (q: QuestionDto): Question => ({ ...q });

/**
 * The Tickets step's questions (issue 25 §1): what the checkout asks after the buyer's
 * details — the kind of answer, required or not, once per order or per ticket, for which
 * ticket types, and shown only when an earlier answer is a given value. Saved as a whole.
 */
export function QuestionsSection({ event }: { event: ManageEventDto }) {
  const query = useEventQuestions(event.id);
  return (
    <section aria-labelledby="questions-title">
      <h3 id="questions-title" className="text-base font-semibold text-slate-900">
        Questions at checkout
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Ask buyers what you need to know, after their details. Answers show in each order and in the
        orders export; a short-text answer to a question with “name” in it is searchable at the
        door.
      </p>
      {query.data ? (
        <QuestionsForm key={event.id} event={event} saved={query.data} />
      ) : (
        <BlockSpinner label="Loading the questions…" className="py-6" />
      )}
    </section>
  );
}

function QuestionsForm({ event, saved }: { event: ManageEventDto; saved: QuestionDto[] }) {
  const form = useContractForm(saveQuestionsBody, { questions: saved.map(fromDto) });
  const list = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const save = useSaveEventQuestions(event.id);

  const submit = form.handleSubmit((body) => {
    save.mutate(body as SaveQuestionsBody, {
      onSuccess: (questions) => {
        form.reset({ questions: questions.map(fromDto) });
        toast.success('Questions saved.');
      },
      onError: (err) => showApiErrors(form, err),
    });
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Questions" className="mt-4">
      {list.fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No questions yet: buyers give only their name, email and phone.
        </p>
      ) : (
        <ol className="space-y-4">
          {list.fields.map((field, index) => (
            <li key={field.key}>
              <QuestionCard
                form={form}
                index={index}
                event={event}
                onRemove={() => {
                  // A question that depended on this one is asked always from now on.
                  const gone = form.getValues(`questions.${index}.id`);
                  form.getValues('questions').forEach((q, i) => {
                    if (q.showIf?.questionId === gone) form.setValue(`questions.${i}.showIf`, null);
                  });
                  list.remove(index);
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <FormFailure className="mt-4">{formError(form)}</FormFailure>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => list.append(blank())}>
          <PlusIcon className="size-4" />
          Add question
        </Button>
        <SubmitButton size="sm" busy={save.isPending} busyLabel="Saving…">
          Save questions
        </SubmitButton>
      </div>
    </form>
  );
}

function QuestionCard({
  form,
  index,
  event,
  onRemove,
}: {
  form: Form;
  index: number;
  event: ManageEventDto;
  onRemove: () => void;
}) {
  const at = `questions.${index}` as const;
  const questions = useWatch({ control: form.control, name: 'questions' });
  const self = questions[index]!;
  const kind = useFieldProps(form, `${at}.kind`);
  const per = useFieldProps(form, `${at}.per`);
  const required = useFieldControl<Values, Out, boolean>(form, `${at}.required`);
  const options = useFieldControl<Values, Out, string[]>(form, `${at}.options`);
  const types = useFieldControl<Values, Out, string[]>(form, `${at}.ticketTypeIds`);
  const showIf = useFieldControl<Values, Out, Question['showIf']>(form, `${at}.showIf`);
  // Earlier questions always shown, whose answer is one of a list: what this one may depend on.
  const earlier = questions
    .slice(0, index)
    .filter((q) => CONDITION_KINDS.includes(q.kind) && !q.showIf && q.label.trim() !== '');
  const on = earlier.find((q) => q.id === self.showIf?.questionId);
  // The contract's sentence about the condition sits on its question or its value.
  const conditionError =
    form.formState.errors.questions?.[index]?.showIf?.questionId?.message ??
    form.formState.errors.questions?.[index]?.showIf?.equals?.message ??
    showIf.error;
  const number = index + 1;

  return (
    <fieldset
      className="rounded-xl p-4 ring-1 ring-slate-200"
      aria-label={`Question ${number}`}
      data-testid="question-card"
    >
      <div className="flex items-start gap-3">
        <span className="mt-8 text-sm font-semibold text-slate-500">{number}.</span>
        <div className="grid min-w-0 flex-1 gap-4 sm:grid-cols-2">
          <FormInput
            form={form}
            name={`${at}.label`}
            label="Question"
            wrapperClassName="sm:col-span-2"
          />
          <Select label="Answer" {...kind}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {QUESTION_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
          <Select label="Asked" {...per}>
            <option value="order">Once per order</option>
            <option value="ticket">Once per ticket</option>
          </Select>
          {CHOICES.includes(self.kind) ? (
            <TextArea
              label="Choices"
              hint="One a line."
              rows={3}
              wrapperClassName="sm:col-span-2"
              name={`${at}.options`}
              value={(options.value ?? []).join('\n')}
              onChange={(e) => options.onChange(e.target.value.split('\n'))}
              onBlur={() =>
                options.onChange((options.value ?? []).map((o) => o.trim()).filter(Boolean))
              }
              error={options.error}
            />
          ) : null}
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 text-indigo-600"
              checked={required.value ?? false}
              onChange={(e) => required.onChange(e.target.checked)}
            />
            Required
          </label>
          {event.ticketTypes.length > 1 ? (
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-800">For</legend>
              <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${at}.for`}
                    className="size-4 border-slate-300 text-indigo-600"
                    checked={(types.value ?? []).length === 0}
                    onChange={() => types.onChange([])}
                  />
                  All ticket types
                </label>
                {event.ticketTypes.map((t) => (
                  <label key={t.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-indigo-600"
                      checked={(types.value ?? []).includes(t.id)}
                      onChange={(e) =>
                        types.onChange(
                          e.target.checked
                            ? [...(types.value ?? []), t.id]
                            : (types.value ?? []).filter((id) => id !== t.id),
                        )
                      }
                    />
                    {t.name}
                  </label>
                ))}
              </div>
              {types.error ? (
                <p className="mt-1.5 text-sm font-medium text-red-700">{types.error}</p>
              ) : null}
            </fieldset>
          ) : null}
          {earlier.length > 0 ? (
            <>
              <Select
                label="Show only when"
                value={self.showIf?.questionId ?? ''}
                onChange={(e) => {
                  const target = earlier.find((q) => q.id === e.target.value);
                  showIf.onChange(
                    target
                      ? {
                          questionId: target.id,
                          equals:
                            conditionValues({
                              kind: target.kind,
                              options: target.options ?? [],
                            })[0] ?? '',
                        }
                      : null,
                  );
                }}
                error={conditionError}
              >
                <option value="">Always ask it</option>
                {earlier.map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.label}
                  </option>
                ))}
              </Select>
              {on && self.showIf ? (
                <Select
                  label="is answered"
                  value={self.showIf.equals}
                  onChange={(e) => showIf.onChange({ questionId: on.id, equals: e.target.value })}
                >
                  {conditionValues({ kind: on.kind, options: on.options ?? [] }).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </Select>
              ) : null}
            </>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove question ${number}`}
          className="mt-6"
        >
          <TrashIcon className="size-4" />
        </Button>
      </div>
    </fieldset>
  );
}
