import { checkinListBody, formatCount, type CheckinListDto, type TeamDto } from '@gatepass/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import {
  FormFailure,
  FormInput,
  formError,
  showApiErrors,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { Select } from '../../../components/ui/form-controls.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { toast } from '../../../lib/toast.ts';
import { useWorkspace } from '../../../lib/workspace.ts';
import {
  useCheckinLists,
  useCreateCheckinList,
  useDeleteCheckinList,
  useSetStewardList,
  useTeamForLists,
} from '../api/checkin-lists.ts';
import { ManagePanel, PanelLoading } from './manage-panel.tsx';

type Values = { name: string; ticketTypeIds: string[] };
type Member = TeamDto['members'][number];

/**
 * Doors by gate (issue 25 §4, decision 084): the event's check-in lists — a name and the
 * ticket types it takes — with how many each let in, and (for the owner) which door
 * stewards check each list. Without lists the door checks every ticket, as always.
 */
export function CheckinListsPanel({
  eventId,
  ticketTypes,
}: {
  eventId: string;
  ticketTypes: { id: string; name: string }[];
}) {
  const lists = useCheckinLists(eventId);
  const create = useCreateCheckinList(eventId);
  const { current } = useWorkspace();
  const isOwner = current?.role === 'owner';
  const team = useTeamForLists(isOwner);
  const form = useContractForm(checkinListBody, { name: '', ticketTypeIds: [] });
  const types = useFieldControl<Values, Values, string[]>(form, 'ticketTypeIds');

  const submit = async () => {
    try {
      const list = await create.mutateAsync(form.getValues());
      toast.success(`${list.name} added.`);
      form.reset({ name: '', ticketTypeIds: [] });
    } catch (err) {
      showApiErrors(form, err);
    }
  };

  const toggle = (id: string, on: boolean) =>
    types.onChange(on ? [...types.value, id] : types.value.filter((x) => x !== id));

  return (
    <ManagePanel
      id="checkin-lists-title"
      title="Check-in lists"
      intro="Run more than one entrance: each list takes some ticket types, and a door checking a list lets in only those — a VIP gate, a main gate, a second day. Without lists the door checks every ticket."
    >
      <form
        noValidate
        aria-label="New check-in list"
        className="mt-4 space-y-3"
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
      >
        <FormInput form={form} name="name" label="List name" placeholder="e.g. VIP gate" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Ticket types it takes</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {ticketTypes.map((t) => (
              <label key={t.id} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 text-indigo-600"
                  checked={types.value.includes(t.id)}
                  onChange={(e) => toggle(t.id, e.target.checked)}
                />
                {t.name}
              </label>
            ))}
          </div>
          {types.error ? <p className="mt-1 text-sm text-red-700">{types.error}</p> : null}
        </fieldset>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add list'}
        </Button>
      </form>
      <FormFailure>{formError(form)}</FormFailure>
      {lists.isPending ? (
        <PanelLoading label="Loading check-in lists…" />
      ) : lists.isError ? (
        <LoadFailed onRetry={() => void lists.refetch()}>
          The check-in lists could not be loaded.
        </LoadFailed>
      ) : lists.data.length ? (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Check-in lists">
          {lists.data.map((list) => (
            <ListRow
              key={list.id}
              eventId={eventId}
              list={list}
              stewards={isOwner ? (team.data?.members ?? []) : null}
            />
          ))}
        </ul>
      ) : null}
    </ManagePanel>
  );
}

function ListRow({
  eventId,
  list,
  stewards,
}: {
  eventId: string;
  list: CheckinListDto;
  /** The team (owner only); null: not shown. */
  stewards: Member[] | null;
}) {
  const remove = useDeleteCheckinList(eventId);
  const give = useSetStewardList();
  const [confirming, setConfirming] = useState(false);
  const door = (stewards ?? []).filter(
    (m) => m.role === 'door' && (m.events === null || m.events.some((e) => e.id === eventId)),
  );
  const onList = door.filter((m) => m.checkinList?.id === list.id);
  const others = door.filter((m) => m.checkinList?.id !== list.id);

  const assign = async (userId: string, listId: string | null) => {
    try {
      const { message } = await give.mutateAsync({ userId, listId });
      toast.success(message);
    } catch {
      // The API client's toast says why.
    }
  };

  return (
    <li className="py-3" data-testid="checkin-list">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900" data-testid="checkin-list-name">
            {list.name}
          </p>
          <p className="text-sm text-slate-600">
            {list.ticketTypes.map((t) => t.name).join(' · ')}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm tabular-nums text-slate-700" data-testid="checkin-list-admitted">
            {formatCount(list.admitted)} checked in
          </span>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Remove
          </Button>
        </div>
      </div>
      {stewards ? (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
          <p className="text-sm text-slate-700 sm:flex-1 sm:pb-2.5">
            {onList.length ? (
              <>
                Stewards:{' '}
                {onList.map((m, i) => (
                  <span key={m.userId}>
                    {i ? ', ' : ''}
                    {m.fullName}{' '}
                    <button
                      type="button"
                      className="text-xs font-semibold text-indigo-700 underline"
                      onClick={() => void assign(m.userId, null)}
                      aria-label={`Take ${m.fullName} off the ${list.name}`}
                    >
                      take off
                    </button>
                  </span>
                ))}
              </>
            ) : (
              'No steward is given this list.'
            )}
          </p>
          {others.length ? (
            <Select
              label={`Give the ${list.name} to`}
              wrapperClassName="sm:w-64"
              value=""
              disabled={give.isPending}
              onChange={(e) => e.target.value && void assign(e.target.value, list.id)}
            >
              <option value="">Choose a door steward…</option>
              {others.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.fullName}
                  {m.checkinList ? ` (now ${m.checkinList.name})` : ''}
                </option>
              ))}
            </Select>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void remove.mutateAsync(list.id).then(
            () => {
              setConfirming(false);
              toast.success(`${list.name} removed.`);
            },
            () => setConfirming(false),
          )
        }
        title={`Remove the ${list.name}?`}
        confirmLabel="Remove list"
        busyLabel="Removing…"
        busy={remove.isPending}
        tone="danger"
      >
        Its stewards check the whole event's door again. Its check-ins stay in the figures.
      </ConfirmDialog>
    </li>
  );
}
