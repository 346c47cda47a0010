import {
  EMBED_BASE,
  filtersFromSearch,
  HOME_EVENTS_QUERY,
  pageDataKey,
  publicEventsQueryFor,
} from '@gatepass/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { EventsService } from '../modules/events/events.service.ts';
import { registerWeb } from '../plugins/web.ts';

/** A UUID as a Fastify route parameter's pattern. */
const UUID_PARAM = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The web app, with its public pages: their own code preloaded beside the entry, the event
 * page's head for crawlers, and each page's first API answers in its HTML (decision 021).
 */
export async function registerPages(
  app: FastifyInstance,
  config: Config,
  events: EventsService,
): Promise<void> {
  await registerWeb(
    app,
    config.webDistDir,
    [
      {
        path: '/',
        module: 'src/app/routes/home.tsx',
        data: () => [pageDataKey('/events', HOME_EVENTS_QUERY)],
      },
      {
        path: '/events',
        module: 'src/app/routes/events/events-list.tsx',
        data: (_params, query) => [
          pageDataKey('/events', publicEventsQueryFor(filtersFromSearch(query))),
        ],
      },
      {
        path: '/events/:slug',
        module: 'src/app/routes/events/event-detail.tsx',
        head: (params) => events.published.pageHead(params.slug ?? '', config.publicUrl),
        data: (params) => [pageDataKey(`/events/${encodeURIComponent(params.slug ?? '')}`)],
      },
      // Pages with no data in their HTML, whose code is fetched beside the entry rather than
      // after it has run (a chain of three or four requests on a phone; decision 090):
      // checkout and the door. The ids are UUIDs, so /checkout/return and the other
      // checkout pages keep the plain shell.
      {
        path: `/checkout/:eventId(${UUID_PARAM})`,
        module: 'src/app/routes/checkout/checkout.tsx',
      },
      {
        path: `/events/manage/verify-ticket/:eventId(${UUID_PARAM})`,
        module: ['src/app/routes/manage-layout.tsx', 'src/app/routes/manage/verify-ticket.tsx'],
      },
      {
        // The widget's first screen inside a host page: its code and data in the HTML.
        path: `${EMBED_BASE}/events/:slug`,
        module: 'src/app/routes/embed/embed-event.tsx',
        data: (params) => [pageDataKey(`/events/${encodeURIComponent(params.slug ?? '')}`)],
      },
    ],
    { testMode: config.paymentsTestMode },
  );
}
