import { EventNotFound, PageLoading } from '../../../components/ui/page-shell.tsx';
import type { ManageEventDto } from '@gatepass/shared';
import { formatCount } from '@gatepass/shared';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useMyEvent } from '../api/get-my-event.ts';
import { usePublishEvent } from '../api/publish-event.ts';
import { EventStatusBadge } from '../components/badges.tsx';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ExternalLinkIcon,
} from '../../../components/ui/icons.tsx';
import { DetailsStep } from '../components/wizard/details-step.tsx';
import { MediaStep } from '../components/wizard/media-step.tsx';
import { PlaceStep } from '../components/wizard/place-step.tsx';
import { ReviewStep } from '../components/wizard/review-step.tsx';
import { StepIndicator } from '../components/wizard/step-indicator.tsx';
import type { StepProps } from '../components/wizard/step-props.ts';
import { TicketsStep } from '../components/wizard/tickets-step.tsx';
import { clearEvent } from '../event-slice.ts';
import { useStepSave } from '../hooks/use-step-save.ts';
import { useWizardForm } from '../hooks/use-wizard-form.ts';
import {
  buyerAffectingChanges,
  issuesFromDetails,
  readinessIssues,
  STEP_FORM_FIELDS,
  stepIndex,
  WIZARD_STEPS,
  type Issue,
  type StepSlug,
} from '../lib/wizard.ts';

export const wizardPath = (id: string, step: StepSlug) => `${paths.manage.create(id)}/${step}`;

const STEP_INTROS: Record<StepSlug, string> = {
  details: 'Name your event and tell people what it is about.',
  'date-place': 'When it starts and ends, and where guests should go.',
  tickets: 'What people can buy: free or paid, how many, and when.',
  media: 'A cover image makes your event stand out on cards and link previews.',
  review: 'Check everything, choose who can find it, and publish.',
};

/** Create or edit an event, step by step (`/events/manage/create/{id}/{step}`). */
export function EventWizardPage({ id, step }: { id: string; step: string | undefined }) {
  const query = useMyEvent(id);
  if (query.isPending) {
    return <PageLoading eyebrow="Event" title="Loading event…" label="Loading event…" />;
  }
  if (query.isError || !query.data) return <EventNotFound eyebrow="Event" />;
  if (stepIndex(step) < 0) return <Navigate to={wizardPath(id, 'details')} replace />;
  return <Wizard event={query.data} step={step as StepSlug} />;
}

function Wizard({ event, step }: { event: ManageEventDto; step: StepSlug }) {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const wizard = useWizardForm(event);
  const { save, errors, setErrors, saving } = useStepSave(event, wizard);
  const publish = usePublishEvent();
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [navigating, setNavigating] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const index = stepIndex(step);
  const current = WIZARD_STEPS[index] ?? WIZARD_STEPS[0];
  const isDraft = event.status === 'draft';
  const stepDirty = STEP_FORM_FIELDS[step].some(
    (f) => wizard.dirty.includes(f) && wizard.form[f] !== wizard.saved[f],
  );

  // A new step: its heading takes focus, so keyboard and screen-reader users start there.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
    setErrors({});
  }, [step, setErrors]);

  // Drafts save as the organiser types (a pause of 1.2 s); a published event is saved on
  // purpose (Next or Save), since buyers see every change.
  const stepValues = STEP_FORM_FIELDS[step].map((f) => wizard.form[f]).join('\u0000');
  useEffect(() => {
    if (!isDraft || !stepDirty) return;
    const timer = setTimeout(() => void save(step), 1200);
    return () => clearTimeout(timer);
  }, [isDraft, stepDirty, stepValues, save, step]);

  const goTo = async (target: StepSlug) => {
    if (navigating) return;
    setNavigating(true);
    const ok = await save(step);
    setNavigating(false);
    if (ok) navigate(wizardPath(event.id, target));
    else headingRef.current?.focus();
  };

  const doPublish = async () => {
    // Everything typed anywhere is saved first, so what is published is what is on screen.
    for (const s of WIZARD_STEPS) {
      if (!(await save(s.slug))) {
        if (s.slug !== step) navigate(wizardPath(event.id, s.slug));
        return;
      }
    }
    publish.mutate(event.id, {
      onSuccess: (published) => {
        setServerIssues([]);
        dispatch(clearEvent());
        toast.success('Your event is published.');
        navigate(paths.manage.event(published.id));
      },
      onError: (err) => setServerIssues(issuesFromDetails(readApiFailure(err).details)),
    });
  };

  const done: Record<StepSlug, boolean> = (() => {
    const missing = new Set(readinessIssues(event).map((i) => i.field));
    return {
      details: !!event.title.trim(),
      'date-place': !['startAt', 'endAt', 'venue', 'venueName', 'address', 'city'].some((f) =>
        missing.has(f),
      ),
      tickets: event.ticketTypes.length > 0,
      media: !!event.coverUrl,
      review: event.status !== 'draft',
    };
  })();

  const changes =
    event.status === 'published' ? buyerAffectingChanges(wizard.saved, wizard.form) : [];
  const props: StepProps = { event, wizard, errors, goTo: (s) => void goTo(s) };
  const prev = WIZARD_STEPS[index - 1];
  const next = WIZARD_STEPS[index + 1];

  const status = saving
    ? 'Saving…'
    : Object.keys(errors).length
      ? 'Not saved: see the messages above.'
      : stepDirty
        ? isDraft
          ? 'Unsaved changes'
          : 'Unsaved changes: press Save to publish them'
        : 'All changes saved';

  return (
    <>
      <title>{`${isDraft ? 'Create' : 'Edit'}: ${event.title} | Gatepass`}</title>
      <PageHeader
        eyebrow={isDraft ? 'Create event' : 'Edit event'}
        title={wizard.form.title.trim() || event.title}
        subtitle={
          <span className="flex flex-wrap items-center gap-3">
            <EventStatusBadge status={event.status} ended={event.ended} />
            {event.status !== 'draft' ? (
              <a
                href={paths.event(event.slug)}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-indigo-200 underline-offset-2 hover:underline"
              >
                View public page <ExternalLinkIcon className="size-4" />
              </a>
            ) : null}
          </span>
        }
      />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <StepIndicator
          current={step}
          done={done}
          hrefFor={(s) => wizardPath(event.id, s)}
          onNavigate={(s) => void goTo(s)}
        />

        {event.status === 'cancelled' ? (
          <Alert tone="error" className="mt-6">
            This event is cancelled{event.cancelReason ? ` (${event.cancelReason})` : ''}. It can no
            longer be changed; duplicate it from your events list to start again.
          </Alert>
        ) : null}
        {event.status === 'published' && event.sold + event.held > 0 ? (
          <Alert tone="info" className="mt-6">
            {event.sold > 0
              ? `${formatCount(event.sold)} ${event.sold === 1 ? 'ticket is' : 'tickets are'} sold`
              : 'No ticket is sold yet'}
            {event.held > 0
              ? ` and ${formatCount(event.held)} ${event.held === 1 ? 'is' : 'are'} held in checkouts`
              : ''}
            . Buyers see your changes on the event page.
          </Alert>
        ) : null}

        <section
          aria-labelledby="step-title"
          className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-8"
        >
          <h2
            id="step-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold text-slate-900 outline-none"
          >
            {current.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{STEP_INTROS[step]}</p>

          {changes.length ? (
            <div
              role="alert"
              className="mt-5 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-inset ring-amber-300"
            >
              <p className="font-semibold">
                {event.sold > 0
                  ? 'This change affects people who already have tickets.'
                  : 'This change affects buyers.'}
              </p>
              <p className="mt-1">
                You are changing {changes.join(' and ')} of a published event.{' '}
                {event.sold > 0
                  ? `${formatCount(event.sold)} ${event.sold === 1 ? 'ticket holder' : 'ticket holders'} will see the new details: let them know.`
                  : 'Nobody has a ticket yet, but anyone who saw or shared the page will see the new details.'}
              </p>
            </div>
          ) : null}
          {errors._form ? (
            <Alert tone="error" className="mt-5">
              {errors._form}
            </Alert>
          ) : null}

          <div className="mt-6">
            {step === 'details' ? <DetailsStep {...props} /> : null}
            {step === 'date-place' ? <PlaceStep {...props} /> : null}
            {step === 'tickets' ? <TicketsStep {...props} /> : null}
            {step === 'media' ? <MediaStep {...props} /> : null}
            {step === 'review' ? (
              <ReviewStep
                {...props}
                serverIssues={serverIssues}
                onPublish={() => void doPublish()}
                publishing={publish.isPending || navigating}
              />
            ) : null}
          </div>
        </section>

        <div className="mt-6 flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            {prev ? (
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                onClick={() => void goTo(prev.slug)}
                disabled={navigating}
              >
                <ChevronLeftIcon className="size-4" />
                Back
              </Button>
            ) : (
              <Link to={paths.manage.all} className={`${buttonClasses('ghost')} w-full sm:w-auto`}>
                My events
              </Link>
            )}
          </div>
          <p aria-live="polite" className="text-center text-sm text-slate-600 sm:flex-1">
            {status}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {!isDraft && stepDirty ? (
              <Button variant="secondary" onClick={() => void save(step)} disabled={saving}>
                Save
              </Button>
            ) : null}
            {next ? (
              <Button onClick={() => void goTo(next.slug)} disabled={navigating}>
                {stepDirty && !isDraft ? 'Save and continue' : 'Next'}
                <ChevronRightIcon className="size-4" />
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
