import { createTrackingLinkBody, type EventTrackingDto } from '@gatepass/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormFailure,
  FormInput,
  formError,
  showApiErrors,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SourcesTable, type SourceRowView } from '../../../components/ui/sources-table.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateTrackingLink, useEventTracking } from '../api/tracking.ts';
import { ManagePanel, PanelLoading } from './manage-panel.tsx';

const rowsOf = (data: EventTrackingDto): SourceRowView[] =>
  data.sources.map((s) => ({
    ...s,
    key: s.linkId ?? s.source,
    detail:
      s.viaWidget && (s.viaWidget.views || s.viaWidget.orders)
        ? `${s.viaWidget.views} views, ${s.viaWidget.orders} orders through the widget`
        : undefined,
  }));

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Link copied.');
  } catch {
    toast.warning('Select the link and copy it.');
  }
}

/**
 * Where sales come from (issue 26 §4, decision 071): the event's tracking links and, per
 * source, views → checkout starts → orders → revenue. Counted in aggregate, first-party.
 */
export function TrackingPanel({ eventId }: { eventId: string }) {
  const query = useEventTracking(eventId);
  const create = useCreateTrackingLink(eventId);
  const form = useContractForm(createTrackingLinkBody, { name: '' });

  const submit = async () => {
    try {
      const link = await create.mutateAsync(form.getValues());
      toast.success(`Link “${link.name}” made.`);
      form.reset({ name: '' });
    } catch (err) {
      showApiErrors(form, err);
    }
  };

  return (
    <ManagePanel
      id="tracking-title"
      title="Where sales come from"
      intro="Give each place you share the event its own link — your Instagram bio, a WhatsApp group, a flyer's QR code — and see its views, checkouts and orders. Counted in total only: no cookies, no one followed."
    >
      <form
        noValidate
        aria-label="New tracking link"
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
      >
        <FormInput
          form={form}
          name="name"
          label="Link name"
          placeholder="e.g. Instagram bio"
          wrapperClassName="flex-1"
        />
        <Button type="submit" disabled={create.isPending} className="sm:mt-6">
          {create.isPending ? 'Making…' : 'Make link'}
        </Button>
      </form>
      <FormFailure>{formError(form)}</FormFailure>
      {query.isPending ? (
        <PanelLoading label="Loading sources…" />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()}>
          The figures could not be loaded.
        </LoadFailed>
      ) : (
        <>
          {query.data.links.length ? (
            <ul className="mt-4 divide-y divide-slate-100" aria-label="Tracking links">
              {query.data.links.map((link) => (
                <li key={link.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center">
                  <span className="font-medium text-slate-900 sm:w-40">{link.name}</span>
                  <code className="min-w-0 flex-1 break-all text-xs text-slate-600">
                    {link.url}
                  </code>
                  <Button variant="secondary" size="sm" onClick={() => void copy(link.url)}>
                    Copy
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-4">
            <SourcesTable
              rows={rowsOf(query.data)}
              totals={query.data.totals}
              caption="Views, checkout starts, orders and revenue per source"
            />
          </div>
        </>
      )}
    </ManagePanel>
  );
}
