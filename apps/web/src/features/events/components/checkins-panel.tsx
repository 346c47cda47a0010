import { TableHead } from '../../../components/ui/table.tsx';
import {
  type CheckinStatsDto,
  formatCount,
  formatDayClock,
  formatShortDateTime,
  ROLE_LABELS,
} from '@gatepass/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryState } from '../../../components/ui/spinner.tsx';
import { useCheckinStats } from '../api/get-checkin-stats.ts';

/**
 * Teams (issue 13): who let guests in and when — admissions per steward (with the devices
 * they used) and per hour, for the owner and managers.
 */
export function CheckinsPanel({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const stats = useCheckinStats(eventId);
  return (
    <Panel
      id="checkins"
      title="Check-ins"
      description="Guests admitted at the door, by who scanned them and by hour."
    >
      <QueryState
        query={stats}
        loading="Loading check-ins…"
        spinnerClassName="py-6"
        failed={<Alert tone="error">The check-ins could not be loaded.</Alert>}
      >
        {(data) =>
          data.total === 0 ? (
            <p className="text-sm text-slate-600">Nobody has been checked in yet.</p>
          ) : (
            <CheckinStats stats={data} timeZone={timeZone} />
          )
        }
      </QueryState>
    </Panel>
  );
}

function CheckinStats({ stats, timeZone }: { stats: CheckinStatsDto; timeZone: string }) {
  const busiest = Math.max(1, ...stats.byHour.map((h) => h.admitted));
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {stats.byList.length ? <ByList stats={stats} timeZone={timeZone} /> : null}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          By steward · {formatCount(stats.total)} admitted
        </h3>
        <table className="mt-2 w-full text-left text-sm">
          <TableHead
            className="text-xs uppercase tracking-wide text-slate-500"
            columns={[
              { label: 'Who', className: 'py-1.5 pr-2 font-medium' },
              { label: 'Admitted', className: 'py-1.5 pr-2 text-right font-medium' },
              { label: 'Devices', className: 'py-1.5 text-right font-medium' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {stats.byUser.map((row) => (
              <tr key={row.userId ?? `unknown-${row.name}`}>
                <td className="py-2 pr-2">
                  <span className="block font-medium text-slate-900">{row.name}</span>
                  <span className="block text-xs text-slate-500">
                    {row.role ? ROLE_LABELS[row.role] : 'Not on the team now'} · last{' '}
                    {formatShortDateTime(row.lastAt, timeZone)}
                  </span>
                </td>
                <td className="py-2 pr-2 text-right tabular-nums font-semibold">
                  {formatCount(row.admitted)}
                </td>
                <td className="py-2 text-right tabular-nums">{formatCount(row.devices)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">By hour</h3>
        <ul className="mt-2 space-y-1.5">
          {stats.byHour.map((row) => (
            <li key={row.hour} className="grid grid-cols-[6.5rem_1fr_2.5rem] items-center gap-2">
              <span className="text-xs text-slate-600">{formatDayClock(row.hour, timeZone)}</span>
              <span className="h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-indigo-500"
                  style={{ width: `${(row.admitted / busiest) * 100}%` }}
                />
              </span>
              <span className="text-right text-sm tabular-nums font-medium">
                {formatCount(row.admitted)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Per check-in list (decision 084): how many each let in, and who, how many and when. */
function ByList({ stats, timeZone }: { stats: CheckinStatsDto; timeZone: string }) {
  return (
    <div className="md:col-span-2">
      <h3 className="text-sm font-semibold text-slate-900">By check-in list</h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2" aria-label="Check-ins by list">
        {stats.byList.map((list) => (
          <li
            key={list.listId}
            className="rounded-xl border border-slate-200 p-3"
            data-testid="checkins-by-list"
          >
            <p className="flex items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900">{list.name}</span>
              <span className="text-sm tabular-nums font-semibold">
                {formatCount(list.admitted)} admitted
              </span>
            </p>
            <ul className="mt-1 space-y-1 text-sm text-slate-700">
              {list.byUser.map((u) => (
                <li key={u.userId ?? `unknown-${u.name}`} className="flex justify-between gap-2">
                  <span>
                    {u.name}
                    <span className="block text-xs text-slate-500">
                      {u.firstAt === u.lastAt
                        ? formatShortDateTime(u.lastAt, timeZone)
                        : `${formatShortDateTime(u.firstAt, timeZone)} – ${formatShortDateTime(u.lastAt, timeZone)}`}
                    </span>
                  </span>
                  <span className="tabular-nums">{formatCount(u.admitted)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
