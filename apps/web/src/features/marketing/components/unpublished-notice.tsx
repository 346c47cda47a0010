import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';

/**
 * What a marketing panel says for an event not (or no longer) on sale: why nothing can be
 * shared or sold, and for a draft the way to publish it.
 */
export function UnpublishedNotice({
  event,
  cancelled,
  unpublished,
}: {
  event: { status: string; editPath: string };
  /** The sentence for a cancelled event. */
  cancelled: string;
  /** The sentence for a draft. */
  unpublished: string;
}) {
  return (
    <Alert tone="info">
      {event.status === 'cancelled' ? cancelled : unpublished}{' '}
      {event.status === 'draft' ? (
        <Link to={event.editPath} className="font-semibold underline">
          Finish and publish it
        </Link>
      ) : null}
    </Alert>
  );
}
