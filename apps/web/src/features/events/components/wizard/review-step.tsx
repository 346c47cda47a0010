import { type EventVisibility, formatCount, formatEventDate, formatNaira } from '@gatepass/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../../components/ui/button.tsx';
import { paths } from '../../../../config/paths.ts';
import {
  readinessIssues,
  stepForField,
  type EventForm,
  type Issue,
  type StepSlug,
} from '../../lib/wizard.ts';
import { EventCover } from '../event-cover.tsx';
import { AlertIcon, CheckIcon, ExternalLinkIcon } from '../../../../components/ui/icons.tsx';
import { FormChoiceCards } from '../../../../components/ui/form.tsx';
import { PayoutNotice } from './payout-notice.tsx';
import type { StepProps } from './step-props.ts';

function Section({
  title,
  step,
  goTo,
  children,
}: {
  title: string;
  step: StepSlug;
  goTo: (slug: StepSlug) => void;
  children: ReactNode;
}) {
  return (
    <section className="py-5 first:pt-0">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
        <Button variant="ghost" size="sm" onClick={() => goTo(step)} aria-label={`Edit ${title}`}>
          Edit
        </Button>
      </div>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function IssueList({ issues, goTo }: { issues: Issue[]; goTo: (slug: StepSlug) => void }) {
  return (
    <ul className="mt-3 grid gap-2">
      {issues.map((issue) => {
        const step = stepForField(issue.field);
        return (
          <li key={`${issue.field}:${issue.message}`} className="flex items-start gap-2">
            <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-700" />
            <span className="flex-1">
              {issue.message}{' '}
              <button
                type="button"
                onClick={() => goTo(step.slug)}
                className="font-semibold text-red-800 underline underline-offset-2"
              >
                Go to {step.title}
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function ReviewStep({
  event,
  wizard,
  goTo,
  serverIssues,
  onPublish,
  publishing,
}: StepProps & {
  serverIssues: Issue[];
  onPublish: () => void;
  publishing: boolean;
}) {
  const missing = readinessIssues(event);
  const issues = serverIssues.length ? serverIssues : missing;
  const place =
    event.onlineUrl && !event.venueName
      ? `Online · ${event.onlineUrl}`
      : [event.venueName, event.address, event.city].filter(Boolean).join(', ');
  const isDraft = event.status === 'draft';

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="divide-y divide-slate-200">
        <Section title="Details" step="details" goTo={goTo}>
          <p className="text-lg font-semibold text-slate-900">{event.title}</p>
          <p className="mt-1">
            {event.summary || <span className="text-slate-500">No summary.</span>}
          </p>
          <p className="mt-1 text-slate-600">Category: {event.category}</p>
          <p className="mt-1 text-slate-600">
            {event.description
              ? `Description: ${event.description.length} characters`
              : 'No description.'}
          </p>
        </Section>
        <Section title="Date & place" step="date-place" goTo={goTo}>
          <p>
            {event.startAt ? (
              formatEventDate(event.startAt, event.timeZone)
            ) : (
              <span className="text-slate-500">No start time.</span>
            )}
            {event.endAt ? (
              <span className="text-slate-600">
                {' '}
                to {formatEventDate(event.endAt, event.timeZone)}
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-slate-600">Time zone: {event.timeZone}</p>
          <p className="mt-1">{place || <span className="text-slate-500">No place yet.</span>}</p>
        </Section>
        <Section title="Tickets" step="tickets" goTo={goTo}>
          {event.ticketTypes.length ? (
            <ul className="grid gap-1">
              {event.ticketTypes.map((t) => (
                <li key={t.id} className="flex justify-between gap-4">
                  <span>
                    {t.name}{' '}
                    <span className="text-slate-500">· Capacity {formatCount(t.capacity)}</span>
                  </span>
                  <span className="font-semibold text-slate-900">
                    {t.price === 0 ? 'Free' : formatNaira(t.price)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-500">No ticket types yet.</p>
          )}
          <p className="mt-2 text-slate-600">
            Service fee paid by {event.feeMode === 'pass' ? 'the buyer' : 'you'}.
          </p>
        </Section>
        <Section title="Media" step="media" goTo={goTo}>
          <div className="w-48 overflow-hidden rounded-lg ring-1 ring-slate-200">
            <EventCover event={event} className="aspect-[16/9] w-full" />
          </div>
          {!event.coverUrl ? (
            <p className="mt-2 text-slate-500">
              No cover image (optional, but events with one sell better).
            </p>
          ) : null}
        </Section>
      </div>

      <aside className="grid content-start gap-5">
        <FormChoiceCards<EventForm, EventForm, EventVisibility>
          form={wizard.fields}
          name="visibility"
          legend="Who can find it?"
          className="[&_.grid]:sm:grid-cols-1"
          options={[
            { value: 'public', label: 'Public', description: 'Listed on Gatepass and in search.' },
            { value: 'unlisted', label: 'Unlisted', description: 'Only people with the link.' },
          ]}
        />

        {isDraft ? (
          issues.length ? (
            <div
              role="alert"
              className="rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-inset ring-red-200"
            >
              <p className="font-semibold">
                {serverIssues.length
                  ? 'This event cannot be published yet:'
                  : 'Before you publish:'}
              </p>
              <IssueList issues={issues} goTo={goTo} />
            </div>
          ) : (
            <Alert tone="success">
              <span className="flex items-center gap-2 font-semibold">
                <CheckIcon className="size-4" /> Ready to publish
              </span>
            </Alert>
          )
        ) : null}

        {isDraft ? <PayoutNotice event={event} /> : null}

        {isDraft ? (
          <Button size="lg" onClick={onPublish} disabled={publishing}>
            {publishing ? 'Publishing…' : 'Publish event'}
          </Button>
        ) : (
          <div className="grid gap-3">
            <Alert tone={event.status === 'cancelled' ? 'error' : 'success'}>
              {event.status === 'cancelled'
                ? 'This event is cancelled.'
                : 'This event is published. Changes you save show on its page at once.'}
            </Alert>
            <a
              href={paths.event(event.slug)}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses('secondary')}
            >
              View public page
              <ExternalLinkIcon className="size-4" />
            </a>
            <Link to={paths.manage.event(event.id)} className={buttonClasses('primary')}>
              Done
            </Link>
          </div>
        )}
      </aside>
    </div>
  );
}
