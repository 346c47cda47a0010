import { CategorySelect } from '../components/wizard/category-select.tsx';
import { createEventBody, EVENT_LIMITS } from '@gatepass/shared';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import {
  formError,
  FormInput,
  showApiErrors,
  useContractForm,
  useFieldProps,
} from '../../../components/ui/form.tsx';
import { useCreateEvent } from '../api/create-event.ts';
import { createEvent, selectCurrentEvent } from '../event-slice.ts';
import { formFromEvent } from '../lib/wizard.ts';
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
  const form = useContractForm(createEventBody, { title: '', category: 'Music' });
  const category = useFieldProps(form, 'category');

  const submit = () => {
    if (create.isPending) return;
    // What was typed goes to the server, which applies the same contract.
    const { title, category } = form.getValues();
    create.mutate(
      { title, category },
      {
        onSuccess: (event) => {
          dispatch(createEvent({ _id: event.id, ...formFromEvent(event), _dirty: [] }));
          navigate(wizardPath(event.id, 'details'), { replace: true });
        },
        onError: (err) => showApiErrors(form, err),
      },
    );
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
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          className="grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-8"
        >
          <FormInput
            form={form}
            name="title"
            label="Event title"
            required
            autoFocus
            maxLength={EVENT_LIMITS.titleMax}
            placeholder="Lagos Jazz Night"
          />
          <CategorySelect {...category} />
          {formError(form) ? (
            <p className="text-sm font-medium text-red-700">{formError(form)}</p>
          ) : null}
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
