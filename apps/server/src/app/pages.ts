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
