/**
 * Every route path of the app (spec §2), in one place. `pattern` is what the router
 * matches; the functions build links.
 */
/** The account pages: the same path to link to and to match. */
const accountPaths = {
  login: '/login',
  signup: '/signup',
  profile: '/profile',
  forgotPassword: '/forgot-password',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
} as const;

export const paths = {
  home: '/',
  events: '/events',
  event: (slug: string) => `/events/${encodeURIComponent(slug)}`,
  ...accountPaths,
  /** Buying tickets: the event page's "Get tickets" opens `start` with the chosen lines. */
  checkout: {
    start: (
      eventId: string,
      query: { slug?: string; items?: string; via?: string; ref?: string; access?: string } = {},
    ) => {
      const search = new URLSearchParams();
      if (query.slug) search.set('slug', query.slug);
      if (query.items) search.set('items', query.items);
      // An access code that unlocks hidden ticket types in the basket (decision 087).
      if (query.access) search.set('access', query.access);
      // Where the sale came from (issue 26 §4): the widget, a tracking link.
      if (query.via) search.set('via', query.via);
      if (query.ref) search.set('ref', query.ref);
      const qs = search.toString();
      return `/checkout/${encodeURIComponent(eventId)}${qs ? `?${qs}` : ''}`;
    },
    pay: (orderId: string) => `/checkout/pay/${encodeURIComponent(orderId)}`,
    testPayment: (orderId: string) => `/checkout/pay/test/${encodeURIComponent(orderId)}`,
    complete: (orderId: string) => `/checkout/complete/${encodeURIComponent(orderId)}`,
    /** Where a payment provider (Paystack) sends the buyer back: /checkout/return?order=… */
    return: '/checkout/return',
    /** The link mailed for an offline order: /checkout/hold/confirm?token=… (decision 025). */
    holdConfirm: '/checkout/hold/confirm',
    /** The link mailed with a waiting-list offer: /checkout/waitlist?token=… (decision 032). */
    waitlistClaim: '/checkout/waitlist',
    /** The "Leave the waiting list" link of its mails: /waitlist/leave?token=… (decision 047). */
    waitlistLeave: '/waitlist/leave',
  },
  /** The buyer's ticket again, after confirming the order's email. */
  orders: {
    lookup: '/orders',
    order: (orderCode: string) => `/orders/${encodeURIComponent(orderCode)}`,
  },
  manage: {
    root: '/events/manage',
    home: '/events/manage/home',
    all: '/events/manage/all',
    event: (id: string) => `/events/manage/events/${encodeURIComponent(id)}`,
    /** The create link used in menus is /events/manage/create/event (spec §2). */
    create: (id = 'event') => `/events/manage/create/${encodeURIComponent(id)}`,
    orders: '/events/manage/orders',
    marketing: '/events/manage/marketing',
    financies: '/events/manage/financies',
    settings: '/events/manage/settings',
    verifyTicket: (eventId: string) =>
      `/events/manage/verify-ticket/${encodeURIComponent(eventId)}`,
    /** Teams (issue 13): the owner's team page and a door steward's list of their doors. */
    team: '/events/manage/team',
    verifyTickets: '/events/manage/verify-ticket',
  },
  /** The link an invitation mails: /team/join?token=… */
  teamJoin: (token?: string) =>
    token ? `/team/join?token=${encodeURIComponent(token)}` : '/team/join',
} as const;

/** The router's patterns, spelled as the spec's route table. */
export const routePatterns = {
  home: '/',
  events: '/events/',
  event: '/events/:slug',
  manage: '/events/manage/',
  manageAll: '/events/manage/all',
  manageHome: '/events/manage/home',
  manageEvent: '/events/manage/events/:id/',
  manageCreate: '/events/manage/create/:id/*',
  manageOrders: '/events/manage/orders/',
  manageMarketing: '/events/manage/marketing/',
  manageFinancies: '/events/manage/financies/',
  manageSettings: '/events/manage/settings/',
  manageVerifyTicket: '/events/manage/verify-ticket/:eventId',
  ...accountPaths,
  checkout: '/checkout/:eventId',
  checkoutPay: '/checkout/pay/:orderId',
  checkoutTestPayment: '/checkout/pay/test/:orderId',
  checkoutComplete: '/checkout/complete/:orderId',
  checkoutReturn: '/checkout/return',
  checkoutHoldConfirm: '/checkout/hold/confirm',
  checkoutWaitlistClaim: '/checkout/waitlist',
  waitlistLeave: '/waitlist/leave',
  /** The unsubscribe link of announcements and reminders: /unsubscribe?token=… (decision 082). */
  unsubscribe: '/unsubscribe',
  queueJoin: '/events/:slug/queue/join',
  /** The waiting room's queue: server HTML on the site, the widget's own screen in it. */
  queue: '/events/:slug/queue',
  ordersLookup: '/orders',
  order: '/orders/:orderCode',
  manageTeam: '/events/manage/team/',
  manageVerifyTickets: '/events/manage/verify-ticket/',
  teamJoin: '/team/join',
} as const;

/** Where a user lands after logging in when they were not sent from somewhere (spec §9). */
export const DEFAULT_AFTER_LOGIN = paths.manage.home;
