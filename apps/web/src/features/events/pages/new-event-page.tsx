import {
  createEventBody,
  EVENT_CATEGORIES,
  EVENT_LIMITS,
  type EventCategory,
} from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useCreateEvent } from '../api/create-event.ts';
import { Input, Select } from '../../../components/ui/form-controls.tsx';
import { createEvent, selectCurrentEvent } from '../event-slice.ts';
import {
  contractIssues,
  formFromEvent,
  issuesFromDetails,
  messagesByField,
} from '../lib/wizard.ts';
import { StepIndicator } from '../components/wizard/step-indicator.tsx';
import { wizardPath } from './event-wizard-page.tsx';

/**
 * `/events/manage/create/event`: names the event and creates its draft (POST), then
 * carries on at `/events/manage/create/{id}/details`.
 */
export function NewEventPage() {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const create = useCreateEvent();
  const unfinished = useSelector(selectCurrentEvent);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<EventCategory>('Music');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const body = { title, category };
    const local = messagesByField(contractIssues(createEventBody, body));
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    create.mutate(body, {
      onSuccess: (event) => {
        dispatch(createEvent({ _id: event.id, ...formFromEvent(event), _dirty: [] }));
        navigate(wizardPath(event.id, 'details'), { replace: true });
      },
      onError: (err) => {
        const failure = readApiFailure(err);
        const issues = messagesByField(issuesFromDetails(failure.details));
        setErrors(Object.keys(issues).length ? issues : { _form: failure.error ?? '' });
      },
    });
  };

  const resumeTitle =
    unfinished?._id && typeof unfinished.title === 'string' ? unfinished.title : null;

  return (
    <>
      <title>Create an event | Gatepass</title>
      <PageHeader
        eyebrow="Create event"
        title="Create an event"
        subtitle="Start with a name. You can change everything later, and nothing is public until you publish."
      />
      <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-6">
          <StepIndicator current="details" />
        </div>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-8"
        >
          <Input
            label="Event title"
            name="title"
            required
            autoFocus
            maxLength={EVENT_LIMITS.titleMax}
            placeholder="Lagos Jazz Night"
            value={title}
            error={errors.title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors({});
            }}
          />
          <Select
            label="Category"
            name="category"
            value={category}
            error={errors.category}
            wrapperClassName="sm:max-w-xs"
            onChange={(e) => setCategory(e.target.value as EventCategory)}
          >
            {EVENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
          {errors._form ? <p className="text-sm font-medium text-red-700">{errors._form}</p> : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              size="lg"
              disabled={create.isPending}
              className="w-full sm:w-auto"
            >
              {create.isPending ? 'Creating…' : 'Create draft and continue'}
              <ArrowRightIcon className="size-5" />
            </Button>
          </div>
        </form>
        {resumeTitle && typeof unfinished?._id === 'string' ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            Or carry on with{' '}
            <Link
              to={wizardPath(unfinished._id, 'details')}
              className="font-semibold text-indigo-700 underline underline-offset-2"
            >
              {resumeTitle}
            </Link>
            , the event you were last editing.
          </p>
        ) : null}
      </div>
    </>
  );
}
