import type { TeamEventRef } from '@gatepass/shared';
import { ChoiceCards } from '../../../components/ui/form-controls.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';

/** Events a member is given: null for all (now and later), or the picked ids. */
export type EventScope = string[] | null;

/**
 * "All events" or "Pick events" with a checkbox per event of the organiser. Used by the
 * invite form and the member dialog.
 */
export function EventsScopeField({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: EventScope;
  onChange: (value: EventScope) => void;
  error?: string | undefined;
}) {
  const events = useManageEvents({ enabled: value !== null });
  return (
    <div>
      <ChoiceCards
        legend="Events"
        name={`${name}-scope`}
        value={value === null ? 'all' : 'some'}
        onChange={(scope) => onChange(scope === 'all' ? null : (value ?? []))}
        options={[
          { value: 'all', label: 'All events', description: 'Every event, including new ones.' },
          { value: 'some', label: 'Pick events', description: 'Only the events ticked below.' },
        ]}
      />
      {value !== null ? (
        <fieldset className="mt-3 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
          <legend className="sr-only">Which events</legend>
          {events.isPending ? (
            <Spinner label="Loading events…" className="text-indigo-600" />
          ) : events.isError ? (
            <p className="text-sm text-red-700">The events could not be loaded.</p>
          ) : events.data.length === 0 ? (
            <p className="text-sm text-slate-600">No events yet: give all events instead.</p>
          ) : (
            <ul className="max-h-56 space-y-1 overflow-y-auto">
              {events.data.map((event) => (
                <li key={event.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-white">
                    <input
                      type="checkbox"
                      name={name}
                      value={event.id}
                      checked={value.includes(event.id)}
                      onChange={(e) =>
                        onChange(
                          e.target.checked
                            ? [...value, event.id]
                            : value.filter((id) => id !== event.id),
                        )
                      }
                      className="size-4 shrink-0 accent-indigo-600"
                    />
                    <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                      {event.title}
                    </span>
                    {event.status !== 'published' ? (
                      <span className="text-xs text-slate-500">{event.status}</span>
                    ) : null}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
      {error ? <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

/** The events of a member or invitation, as a short line. */
export function EventsList({ events }: { events: readonly TeamEventRef[] | null }) {
  if (events === null) return <span>All events</span>;
  if (events.length === 0) return <span className="text-slate-500">No events</span>;
  return <span>{events.map((e) => e.title).join(', ')}</span>;
}
