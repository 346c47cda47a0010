const statusSuffix: Record<string, string> = {
  draft: ' (draft)',
  cancelled: ' (cancelled)',
};

/** One `<option>` per event for an event picker, a draft or cancelled event marked so. */
export function EventOptions({
  events,
}: {
  events: ReadonlyArray<{ id: string; title: string; status: string }> | undefined;
}) {
  return events?.map((event) => (
    <option key={event.id} value={event.id}>
      {event.title}
      {statusSuffix[event.status] ?? ''}
    </option>
  ));
}
