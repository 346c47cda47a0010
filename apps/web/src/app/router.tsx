import { lazy, Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { EMBED_BASE } from '@gatepass/shared';
import { embedded } from '../config/embed.ts';
import { paths, routePatterns } from '../config/paths.ts';
import { RootLayout } from './routes/root-layout.tsx';

/**
 * The app's routes and the base they live under. React Router runs in its declarative mode
 * (`<BrowserRouter>` and `useRoutes`, decision 090): the app loads no data through the
 * router, so its data router (loaders, actions, fetchers, its own scroll restoration and
 * error elements; 18 KB gzipped on every first load) had nothing to do. A page that fails
 * to render shows `RouteError` through `RouteErrorBoundary` (app.tsx); the scroll is the
 * layouts' `ScrollRestoration` (scroll-restoration.tsx).
 */
export interface AppRouter {
  routes: RouteObject[];
  basename?: string;
}

interface PageHandle {
  /** Loads the page's code; resolves once the page can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A page loaded on demand (spec §2): its code is a separate chunk and a spinner shows
 * while it loads. The key gives every route its own Suspense boundary, so moving to a
 * page not loaded yet shows the spinner instead of silently keeping the old page. A page
 * whose code is already loaded (see `preloadCurrentPage`) renders at once, with no spinner
 * swapped out for it a moment later.
 */
function lazyPage<M extends Record<string, unknown>>(
  key: string,
  load: () => Promise<M>,
  name: keyof M & string,
) {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded ??= (await load())[name] as ComponentType);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Chosen once per mount: changing from Lazy to the loaded page later would remount it.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return {
    element: (
      <Suspense key={key} fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    ),
    handle: { preload } satisfies PageHandle,
  };
}

const p = routePatterns;

/**
 * Buying tickets and the waiting-list offer: the same pages on the site and in the widget's
 * frame. A function, so each router gets its own lazy pages.
 */
const checkoutRoutes = () => [
  {
    path: p.checkout,
    ...lazyPage('checkout', () => import('./routes/checkout/checkout.tsx'), 'CheckoutRoute'),
  },
  {
    path: p.checkoutPay,
    ...lazyPage(
      'checkout-pay',
      () => import('./routes/checkout/checkout-pay.tsx'),
      'CheckoutPayRoute',
    ),
  },
  {
    path: p.checkoutTestPayment,
    ...lazyPage(
      'checkout-test-payment',
      () => import('./routes/checkout/checkout-test-payment.tsx'),
      'CheckoutTestPaymentRoute',
    ),
  },
  {
    path: p.checkoutComplete,
    ...lazyPage(
      'checkout-complete',
      () => import('./routes/checkout/checkout-complete.tsx'),
      'CheckoutCompleteRoute',
    ),
  },
  {
    path: p.checkoutReturn,
    ...lazyPage(
      'checkout-return',
      () => import('./routes/checkout/checkout-return.tsx'),
      'CheckoutReturnRoute',
    ),
  },
  {
    path: p.checkoutWaitlistClaim,
    ...lazyPage(
      'checkout-waitlist-claim',
      () => import('./routes/checkout/checkout-waitlist-claim.tsx'),
      'CheckoutWaitlistClaimRoute',
    ),
  },
  {
    path: p.queueJoin,
    ...lazyPage('queue-join', () => import('./routes/checkout/queue-join.tsx'), 'QueueJoinRoute'),
  },
];

/**
 * The widget's routes (issue 26 §1): under /embed, inside a frame on the organiser's site,
 * with no navbar or footer. The basename keeps every link of the checkout feature (written
 * as /checkout/…, /events/{slug}) inside /embed, the only paths that may be framed.
 */
const createEmbedRouter = (): AppRouter => ({
  basename: EMBED_BASE,
  routes: [
    {
      ...lazyPage('embed-layout', () => import('./routes/embed/embed-layout.tsx'), 'EmbedLayout'),
      children: [
        {
          path: p.event,
          ...lazyPage(
            'embed-event',
            () => import('./routes/embed/embed-event.tsx'),
            'EmbedEventRoute',
          ),
        },
        {
          path: p.queue,
          ...lazyPage(
            'embed-queue',
            () => import('./routes/embed/embed-queue.tsx'),
            'EmbedQueueRoute',
          ),
        },
        ...checkoutRoutes(),
        {
          path: p.login,
          ...lazyPage('login', () => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
        },
        {
          path: '*',
          ...lazyPage('not-found', () => import('./routes/not-found.tsx'), 'NotFoundRoute'),
        },
      ],
    },
  ],
});

/** The app's routes. Built on call (see main.tsx), so each router has its own lazy pages. */
export const createAppRouter = (): AppRouter =>
  embedded ? createEmbedRouter() : createSiteRouter();

const createSiteRouter = (): AppRouter => ({
  routes: [
    {
      element: <RootLayout />,
      children: [
        { path: p.home, ...lazyPage('home', () => import('./routes/home.tsx'), 'HomeRoute') },
        {
          path: p.events,
          ...lazyPage('events', () => import('./routes/events/events-list.tsx'), 'EventsListRoute'),
        },
        {
          path: p.event,
          ...lazyPage(
            'event',
            () => import('./routes/events/event-detail.tsx'),
            'EventDetailRoute',
          ),
        },
        {
          path: p.login,
          ...lazyPage('login', () => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
        },
        {
          path: p.signup,
          ...lazyPage(
            'signup',
            () => import('../features/auth/pages/signup-page.tsx'),
            'SignupPage',
          ),
        },
        {
          path: p.forgotPassword,
          ...lazyPage(
            'forgot-password',
            () => import('../features/auth/pages/forgot-password-page.tsx'),
            'ForgotPasswordPage',
          ),
        },
        {
          path: p.verifyEmail,
          ...lazyPage(
            'verify-email',
            () => import('../features/auth/pages/verify-email-page.tsx'),
            'VerifyEmailPage',
          ),
        },
        {
          path: p.resetPassword,
          ...lazyPage(
            'reset-password',
            () => import('../features/auth/pages/reset-password-page.tsx'),
            'ResetPasswordPage',
          ),
        },
        {
          path: p.profile,
          ...lazyPage('profile', () => import('./routes/profile.tsx'), 'ProfileRoute'),
        },
        // Buying tickets (guests too) and the buyer's ticket again.
        ...checkoutRoutes(),
        {
          path: p.checkoutHoldConfirm,
          ...lazyPage(
            'checkout-hold-confirm',
            () => import('./routes/checkout/checkout-hold-confirm.tsx'),
            'CheckoutHoldConfirmRoute',
          ),
        },
        {
          path: p.waitlistLeave,
          ...lazyPage(
            'waitlist-leave',
            () => import('./routes/waitlist-leave.tsx'),
            'WaitlistLeaveRoute',
          ),
        },
        {
          path: p.unsubscribe,
          ...lazyPage('unsubscribe', () => import('./routes/unsubscribe.tsx'), 'UnsubscribeRoute'),
        },
        {
          path: p.ordersLookup,
          ...lazyPage('orders-lookup', () => import('./routes/orders/order.tsx'), 'OrderRoute'),
        },
        {
          path: p.order,
          ...lazyPage('order', () => import('./routes/orders/order.tsx'), 'OrderRoute'),
        },
        {
          // The organiser area: login required (spec §2, §6).
          path: p.manage,
          // The organiser shell (sidebar, tooltips) is a chunk of its own too.
          ...lazyPage('manage-layout', () => import('./routes/manage-layout.tsx'), 'ManageLayout'),
          children: [
            { index: true, element: <Navigate to={paths.manage.home} replace /> },
            {
              path: p.manageAll,
              ...lazyPage(
                'manage-all',
                () => import('./routes/manage/manage-all.tsx'),
                'ManageAllRoute',
              ),
            },
            {
              path: p.manageHome,
              ...lazyPage(
                'manage-home',
                () => import('./routes/manage/manage-home.tsx'),
                'ManageHomeRoute',
              ),
            },
            {
              path: p.manageEvent,
              ...lazyPage(
                'manage-event',
                () => import('./routes/manage/manage-event.tsx'),
                'ManageEventRoute',
              ),
            },
            {
              path: p.manageCreate,
              ...lazyPage(
                'manage-create',
                () => import('./routes/manage/manage-create.tsx'),
                'ManageCreateRoute',
              ),
            },
            {
              path: p.manageOrders,
              ...lazyPage(
                'manage-orders',
                () => import('./routes/manage/manage-orders.tsx'),
                'ManageOrdersRoute',
              ),
            },
            {
              path: p.manageMarketing,
              ...lazyPage(
                'manage-marketing',
                () => import('./routes/manage/manage-marketing.tsx'),
                'ManageMarketingRoute',
              ),
            },
            {
              path: p.manageFinancies,
              ...lazyPage(
                'manage-financies',
                () => import('./routes/manage/manage-financies.tsx'),
                'ManageFinanciesRoute',
              ),
            },
            {
              path: p.manageSettings,
              ...lazyPage(
                'manage-settings',
                () => import('./routes/manage/manage-settings.tsx'),
                'ManageSettingsRoute',
              ),
            },
            {
              path: p.manageVerifyTicket,
              ...lazyPage(
                'verify-ticket',
                () => import('./routes/manage/verify-ticket.tsx'),
                'VerifyTicketRoute',
              ),
            },
            {
              path: p.manageTeam,
              ...lazyPage(
                'manage-team',
                () => import('./routes/manage/manage-team.tsx'),
                'ManageTeamRoute',
              ),
            },
            {
              path: p.manageVerifyTickets,
              ...lazyPage(
                'verify-tickets',
                () => import('./routes/manage/verify-tickets.tsx'),
                'VerifyTicketsRoute',
              ),
            },
            {
              path: '*',
              ...lazyPage(
                'manage-not-found',
                () => import('./routes/manage/manage-not-found.tsx'),
                'ManageNotFoundRoute',
              ),
            },
          ],
        },
        {
          path: p.teamJoin,
          ...lazyPage('team-join', () => import('./routes/team/join.tsx'), 'TeamJoinRoute'),
        },
        {
          path: '*',
          ...lazyPage('not-found', () => import('./routes/not-found.tsx'), 'NotFoundRoute'),
        },
      ],
    },
  ],
});

/**
 * Loads the code of the pages the current address shows (a public page's HTML has
 * preloaded it beside the entry), so the first render is the page itself.
 */
export function preloadCurrentPage(
  router: AppRouter,
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): Promise<unknown> {
  const matches = matchRoutes(router.routes, location, router.basename) ?? [];
  return Promise.all(
    matches.map((match) => (match.route.handle as PageHandle | undefined)?.preload()),
  );
}
