import { isShown, YES_NO, type AskedQuestion } from '@gatepass/shared';
import { Fragment } from 'react';
import { Input, TextArea } from '../../../components/ui/form-controls.tsx';

export type Answers = Record<string, string | string[]>;

/**
 * The event's questions as this order asks them (issue 25 §1): once for the order, then per
 * ticket under "Ticket n · type"; a question whose condition is not met is not shown. The
 * answers are checked by the shared contract (`answersContract`) on submit, as the server does.
 */
export function QuestionsForm({
  asked,
  answers,
  errors,
  onChange,
  disabled,
}: {
  asked: readonly AskedQuestion[];
  answers: Answers;
  errors: Readonly<Record<string, string>>;
  onChange: (key: string, value: string | string[]) => void;
  disabled: boolean;
}) {
  const shown = asked.filter((a) => isShown(a, answers));
  return (
    <div className="grid grid-cols-1 gap-4">
      {shown.map((a, i) => {
        // A ticket's heading above its first question.
        const heading =
          a.ticket !== null && a.ticket !== shown[i - 1]?.ticket ? (
            <h3 className="border-t border-slate-200 pt-4 text-sm font-semibold text-slate-900 first:border-0 first:pt-0">
              Ticket {a.ticket}
              {a.ticketTypeName ? ` · ${a.ticketTypeName}` : ''}
            </h3>
          ) : null;
        return (
          <Fragment key={a.key}>
            {heading}
            <Question
              asked={a}
              value={answers[a.key]}
              error={errors[a.key]}
              onChange={(v) => onChange(a.key, v)}
              disabled={disabled}
            />
          </Fragment>
        );
      })}
    </div>
  );
}

function Question({
  asked,
  value,
  error,
  onChange,
  disabled,
}: {
  asked: AskedQuestion;
  value: string | string[] | undefined;
  error: string | undefined;
  onChange: (value: string | string[]) => void;
  disabled: boolean;
}) {
  const q = asked.question;
  const id = `answer-${asked.key.replace('#', '-')}`;
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    label: q.label,
    optional: !q.required,
    error,
    disabled,
    name: asked.key,
  };
  switch (q.kind) {
    case 'long_text':
      return (
        <TextArea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} />
      );
    case 'one_choice':
    case 'yes_no':
    case 'many_choices': {
      const many = q.kind === 'many_choices';
      const list = q.kind === 'yes_no' ? [...YES_NO] : q.options;
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            {q.label}
            {q.required ? null : (
              <span className="ml-1 font-normal text-slate-500">(optional)</span>
            )}
          </legend>
          <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2">
            {list.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type={many ? 'checkbox' : 'radio'}
                  name={asked.key}
                  value={option}
                  disabled={disabled}
                  className="size-4 border-slate-300 text-indigo-600"
                  checked={many ? chosen.includes(option) : text === option}
                  onChange={(e) =>
                    onChange(
                      many
                        ? e.target.checked
                          ? [...chosen, option]
                          : chosen.filter((c) => c !== option)
                        : option,
                    )
                  }
                />
                {option}
              </label>
            ))}
          </div>
          {error ? (
            <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
    default: {
      const type =
        q.kind === 'date'
          ? 'date'
          : q.kind === 'phone'
            ? 'tel'
            : q.kind === 'email'
              ? 'email'
              : 'text';
      return (
        <Input {...common} type={type} value={text} onChange={(e) => onChange(e.target.value)} />
      );
    }
  }
}
