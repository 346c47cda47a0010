import {
  formatCount,
  formatEventDate,
  instantToLocalInput,
  JOIN_CHECKS,
  localInputToInstant,
  type WaitingRoomDto,
  waitingRoomSettingsBody,
  type WaitingRoomSettingsBody,
} from '@gatepass/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormInput,
  SubmitButton,
  useContractForm,
  useFieldControl,
  useFieldProps,
} from '../../../components/ui/form.tsx';
import { Select } from '../../../components/ui/form-controls.tsx';
import { Toggle } from '../../../components/ui/toggle.tsx';
import { toast } from '../../../lib/toast.ts';
import { useWaitingRoom } from '../api/get-waiting-room.ts';
import { useUpdateWaitingRoom } from '../api/update-waiting-room.ts';
import { Badge } from './badges.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { ManagePanel, PanelLoading } from './manage-panel.tsx';

/** The contract's fields under the inputs that hold them. */
const INPUT_OF: Record<string, keyof Draft> = {
  ratePerMinute: 'rate',
  passMinutes: 'passMinutes',
  placesPerAddressPerMinute: 'perAddress',
};

/**
 * What the inputs hold (a wall-clock time, numbers as typed), read into the contract's body
 * in the event's zone (whether admission is paused is the button's, added when saving); the
 * contract's sentences land under the inputs they are about.
 */
const waitingRoomForm = (timeZone: string) =>
  z
    .object({
      enabled: z.boolean(),
      onSaleLocal: z.string(),
      rate: z.string(),
      passMinutes: z.string(),
      perAddress: z.string(),
      joinCheck: z.enum(JOIN_CHECKS),
    })
    .transform((draft, ctx): WaitingRoomSettingsBody => {
      const onSaleAt = localInputToInstant(draft.onSaleLocal, timeZone);
      if (!onSaleAt) {
        ctx.addIssue({
          code: 'custom',
          path: ['onSaleLocal'],
          message: 'Choose the date and time tickets go on sale.',
        });
        return z.NEVER;
      }
      const parsed = waitingRoomSettingsBody.safeParse({
        enabled: draft.enabled,
        onSaleAt,
        ratePerMinute: Number(draft.rate),
        passMinutes: Number(draft.passMinutes),
        placesPerAddressPerMinute: Number(draft.perAddress),
        joinCheck: draft.joinCheck,
      });
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        const input = INPUT_OF[String(issue.path[0])] ?? 'onSaleLocal';
        ctx.addIssue({ code: 'custom', path: [input], message: issue.message });
      }
      return z.NEVER;
    });
type Draft = z.input<ReturnType<typeof waitingRoomForm>>;

const draftOf = (room: WaitingRoomDto, timeZone: string): Draft => ({
  enabled: room.enabled,
  onSaleLocal: instantToLocalInput(room.onSaleAt, timeZone),
  rate: String(room.ratePerMinute),
  passMinutes: String(room.passMinutes),
  perAddress: String(room.placesPerAddressPerMinute),
  joinCheck: room.joinCheck,
});

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-3 ring-1 ring-slate-900/5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/**
 * The event's waiting room (issue 14 §1, decision 034): turn it on with an on-sale time and
 * an admission rate, watch the line, the admissions and the sales live, pause it or change
 * the rate while it runs.
 */
export function WaitingRoomPanel({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const query = useWaitingRoom(eventId);
  return (
    <ManagePanel
      id="waiting-room-title"
      title="Waiting room"
      aside={
        query.data?.enabled ? (
          query.data.paused ? (
            <Badge tone="amber">Paused</Badge>
          ) : (
            <Badge tone="green">On</Badge>
          )
        ) : query.data ? (
          <Badge tone="gray">Off</Badge>
        ) : null
      }
      intro={
        <>
          For a big on-sale: visitors wait in a fair line and are let into checkout a few at a time.
          Everyone who arrives before the on-sale time gets a random place when it opens, so coming
          early gives no advantage.
        </>
      }
    >
      {query.isPending ? (
        <PanelLoading label="Loading the waiting room…" />
      ) : query.isError || !query.data ? (
        <LoadFailed className="mt-4" onRetry={query.refetch}>
          The waiting room could not be loaded.
        </LoadFailed>
      ) : (
        <WaitingRoomForm
          key={`${query.data.enabled}-${query.data.onSaleAt}`}
          room={query.data}
          eventId={eventId}
          timeZone={timeZone}
        />
      )}
    </ManagePanel>
  );
}

function WaitingRoomForm({
  room,
  eventId,
  timeZone,
}: {
  room: WaitingRoomDto;
  eventId: string;
  timeZone: string;
}) {
  const update = useUpdateWaitingRoom(eventId);
  const form = useContractForm(waitingRoomForm(timeZone), draftOf(room, timeZone));
  const enabled = useFieldControl<Draft, WaitingRoomSettingsBody, boolean>(form, 'enabled');
  const joinCheck = useFieldProps(form, 'joinCheck');

  const save = (changes: { paused?: boolean } = {}) =>
    form.handleSubmit((body) => {
      update.mutate(
        { eventId, body: { ...body, paused: changes.paused ?? room.paused } },
        {
          onSuccess: (saved) => {
            form.reset(draftOf(saved, timeZone));
            toast.success(
              !saved.enabled
                ? 'The waiting room is off.'
                : changes.paused === true
                  ? 'Admission is paused. Everyone keeps their place.'
                  : changes.paused === false
                    ? 'Admission has resumed.'
                    : 'Waiting room saved.',
            );
          },
        },
      );
    });

  const live = room.enabled;
  return (
    <div className="mt-4 space-y-5">
      {live ? (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Waiting room now">
            <Figure
              label="Waiting"
              value={formatCount(room.waiting)}
              hint={room.preQueue ? `${formatCount(room.preQueue)} in the pre-queue` : undefined}
            />
            <Figure
              label="Admitted"
              value={formatCount(room.admitted)}
              hint={`of ${formatCount(room.joined)} joined`}
            />
            <Figure
              label="Admitted a minute"
              value={formatCount(room.ratePerMinute)}
              hint={room.paused ? 'paused' : undefined}
            />
            <Figure label="Orders through the room" value={formatCount(room.passesUsed)} />
            <Figure
              label="Tickets sold"
              value={formatCount(room.ticketsSold)}
              hint={`of ${formatCount(room.capacity)}`}
            />
            <Figure
              label="On sale"
              value={new Date(room.onSaleAt ?? 0) <= new Date(room.serverTime) ? 'Open' : 'Not yet'}
              hint={room.onSaleAt ? formatEventDate(room.onSaleAt, timeZone) : undefined}
            />
          </dl>
          <div className="flex flex-col gap-2 rounded-xl bg-indigo-50 px-4 py-3 text-sm text-indigo-950 sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0 break-all">
              Queue link: <span className="font-mono">{room.queueUrl}</span>
            </span>
            <div className="flex shrink-0 gap-2">
              <CopyButton text={room.queueUrl} label="Copy queue link" />
              <Button
                variant="secondary"
                size="sm"
                disabled={update.isPending}
                onClick={() => void save({ paused: !room.paused })()}
              >
                {room.paused ? 'Resume admission' : 'Pause admission'}
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={(e) => void save()(e)}
        aria-label="Waiting room settings"
        className="space-y-4"
      >
        <Toggle
          checked={enabled.value}
          onChange={enabled.onChange}
          label="Use a waiting room"
          description="While it is on, checkout is open only to visitors whose turn it is. Turning it on starts a new, empty line."
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <FormInput
            form={form}
            name="onSaleLocal"
            label="On-sale time"
            type="datetime-local"
            hint={`In the event's time zone (${timeZone})`}
          />
          <FormInput
            form={form}
            name="rate"
            label="People let in a minute"
            type="number"
            inputMode="numeric"
            min={1}
            hint={`Suggested for ${formatCount(room.capacity)} tickets: ${formatCount(room.defaultRatePerMinute)}`}
          />
          <FormInput
            form={form}
            name="passMinutes"
            label="Minutes to buy"
            type="number"
            inputMode="numeric"
            min={2}
            max={60}
            hint="How long a turn lasts"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Before joining the pre-queue"
            {...joinCheck}
            hint={
              joinCheck.value === 'work'
                ? 'Each new visitor’s browser solves a check of a few seconds: taking many places costs a bot real computing time.'
                : 'One place per account with a verified email address: the strongest guard, but buyers must sign up first.'
            }
          >
            <option value="work">A quick browser check, no account</option>
            <option value="account">Sign in with a verified email</option>
          </Select>
          <FormInput
            form={form}
            name="perAddress"
            label="New places per internet address a minute"
            type="number"
            inputMode="numeric"
            min={1}
            hint="Many phones on one mobile network share an address: those over the limit join a minute later, which costs nothing before the on-sale time."
          />
        </div>
        <SubmitButton busy={update.isPending} busyLabel="Saving...">
          Save waiting room
        </SubmitButton>
      </form>
    </div>
  );
}
