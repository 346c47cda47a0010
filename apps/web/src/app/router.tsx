import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths, routePatterns } from '../config/paths.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * A page loaded on demand (spec §2): its code is a separate chunk and a spinner shows
 * while it loads. The key gives every route its own Suspense boundary, so moving to a
 * page not loaded yet shows the spinner instead of silently keeping the old page.
 */
function lazyPage<M extends Record<string, unknown>>(
  key: string,
  load: () => Promise<M>,
  name: keyof M & string,
) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense key={key} fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const p = routePatterns;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: p.home, element: lazyPage('home', () => import('./routes/home.tsx'), 'HomeRoute') },
      {
        path: p.events,
        element: lazyPage(
          'events',
          () => import('./routes/events/events-list.tsx'),
          'EventsListRoute',
        ),
      },
      {
        path: p.event,
        element: lazyPage(
          'event',
          () => import('./routes/events/event-detail.tsx'),
          'EventDetailRoute',
        ),
      },
      {
        path: p.login,
        element: lazyPage(
          'login',
          () => import('../features/auth/pages/login-page.tsx'),
          'LoginPage',
        ),
      },
      {
        path: p.signup,
        element: lazyPage(
          'signup',
          () => import('../features/auth/pages/signup-page.tsx'),
          'SignupPage',
        ),
      },
      {
        path: p.forgotPassword,
        element: lazyPage(
          'forgot-password',
          () => import('../features/auth/pages/forgot-password-page.tsx'),
          'ForgotPasswordPage',
        ),
      },
      {
        path: p.verifyEmail,
        element: lazyPage(
          'verify-email',
          () => import('../features/auth/pages/verify-email-page.tsx'),
          'VerifyEmailPage',
        ),
      },
      {
        path: p.resetPassword,
        element: lazyPage(
          'reset-password',
          () => import('../features/auth/pages/reset-password-page.tsx'),
          'ResetPasswordPage',
        ),
      },
      {
        path: p.profile,
        element: lazyPage('profile', () => import('./routes/profile.tsx'), 'ProfileRoute'),
      },
      // Buying tickets (guests too) and the buyer's ticket again.
      {
        path: p.checkout,
        element: lazyPage(
          'checkout',
          () => import('./routes/checkout/checkout.tsx'),
          'CheckoutRoute',
        ),
      },
      {
        path: p.checkoutPay,
        element: lazyPage(
          'checkout-pay',
          () => import('./routes/checkout/checkout-pay.tsx'),
          'CheckoutPayRoute',
        ),
      },
      {
        path: p.checkoutTestPayment,
        element: lazyPage(
          'checkout-test-payment',
          () => import('./routes/checkout/checkout-test-payment.tsx'),
          'CheckoutTestPaymentRoute',
        ),
      },
      {
        path: p.checkoutComplete,
        element: lazyPage(
          'checkout-complete',
          () => import('./routes/checkout/checkout-complete.tsx'),
          'CheckoutCompleteRoute',
        ),
      },
      {
        path: p.checkoutReturn,
        element: lazyPage(
          'checkout-return',
          () => import('./routes/checkout/checkout-return.tsx'),
          'CheckoutReturnRoute',
        ),
      },
      {
        path: p.ordersLookup,
        element: lazyPage('orders-lookup', () => import('./routes/orders/order.tsx'), 'OrderRoute'),
      },
      {
        path: p.order,
        element: lazyPage('order', () => import('./routes/orders/order.tsx'), 'OrderRoute'),
      },
      {
        // The organiser area: login required (spec §2, §6).
        path: p.manage,
        // The organiser shell (sidebar, tooltips) is a chunk of its own too.
        element: lazyPage(
          'manage-layout',
          () => import('./routes/manage-layout.tsx'),
          'ManageLayout',
        ),
        children: [
          { index: true, element: <Navigate to={paths.manage.home} replace /> },
          {
            path: p.manageAll,
            element: lazyPage(
              'manage-all',
              () => import('./routes/manage/manage-all.tsx'),
              'ManageAllRoute',
            ),
          },
          {
            path: p.manageHome,
            element: lazyPage(
              'manage-home',
              () => import('./routes/manage/manage-home.tsx'),
              'ManageHomeRoute',
            ),
          },
          {
            path: p.manageEvent,
            element: lazyPage(
              'manage-event',
              () => import('./routes/manage/manage-event.tsx'),
              'ManageEventRoute',
            ),
          },
          {
            path: p.manageCreate,
            element: lazyPage(
              'manage-create',
              () => import('./routes/manage/manage-create.tsx'),
              'ManageCreateRoute',
            ),
          },
          {
            path: p.manageOrders,
            element: lazyPage(
              'manage-orders',
              () => import('./routes/manage/manage-orders.tsx'),
              'ManageOrdersRoute',
            ),
          },
          {
            path: p.manageMarketing,
            element: lazyPage(
              'manage-marketing',
              () => import('./routes/manage/manage-marketing.tsx'),
              'ManageMarketingRoute',
            ),
          },
          {
            path: p.manageFinancies,
            element: lazyPage(
              'manage-financies',
              () => import('./routes/manage/manage-financies.tsx'),
              'ManageFinanciesRoute',
            ),
          },
          {
            path: p.manageSettings,
            element: lazyPage(
              'manage-settings',
              () => import('./routes/manage/manage-settings.tsx'),
              'ManageSettingsRoute',
            ),
          },
          {
            path: p.manageVerifyTicket,
            element: lazyPage(
              'verify-ticket',
              () => import('./routes/manage/verify-ticket.tsx'),
              'VerifyTicketRoute',
            ),
          },
          {
            path: '*',
            element: lazyPage(
              'manage-not-found',
              () => import('./routes/manage/manage-not-found.tsx'),
              'ManageNotFoundRoute',
            ),
          },
        ],
      },
      {
        path: '*',
        element: lazyPage('not-found', () => import('./routes/not-found.tsx'), 'NotFoundRoute'),
      },
    ],
  },
]);
