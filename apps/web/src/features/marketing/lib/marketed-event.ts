import type { ManageEventListItem } from '@gatepass/shared';
import { paths } from '../../../config/paths.ts';

/** The event as the share kit and the widget panel need it. */
export interface MarketedEvent {
  id: string;
  title: string;
  slug: string;
  status: 'draft' | 'published' | 'cancelled';
  /** Where a draft is finished and published. */
  editPath: string;
}

export const marketed = (event: ManageEventListItem): MarketedEvent => ({
  id: event.id,
  title: event.title,
  slug: event.slug,
  status: event.status,
  editPath: paths.manage.create(event.id),
});
