/**
 * Demo data: `npm run seed` (after `npm run build`) creates a verified demo organiser with
 * a handful of published events in Lagos and their orders (paid, free, awaiting payment,
 * refunded, cancelled, some checked in at the door), sold over the past weeks, so a
 * newcomer sees a living app: orders, finances, the door and the charts. Run it while the
 * app is stopped (the embedded database allows one process at a time). Running it again
 * adds nothing twice.
 *
 * It never writes to a PostgreSQL server (DATABASE_URL) unless asked to with --force or
 * SEED_ALLOW=1: that is where real organisers' data lives.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import {
  createEventBody,
  updateEventBody,
  updateTicketTypeBody,
  createOrderBody,
  createTicketTypeBody,
  buyerSetsPrice,
  payoutBody,
  DEFAULT_TIME_ZONE,
  type ManageEventDto,
  type CreateEventBody,
  type CreateTicketTypeBody,
  askedQuestions,
  saveQuestionsBody,
  type QuestionDto,
} from '@gatepass/shared';
import { format } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { configOrExit, loadConfig, SANDBOX_BASE_URL, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hashPassword } from './lib/secrets.ts';
import * as users from './modules/auth/auth.repository.ts';
import { createServices } from './app/services.ts';
import type { CheckinService } from './modules/checkin/checkin.service.ts';
import type { QuestionsService } from './modules/questions/questions.service.ts';
import type { EventsService } from './modules/events/events.service.ts';
import type { MessagesService } from './modules/messages/messages.service.ts';
import { MailService, type NewMessage, type OutboxMessage } from './modules/mail/mail.service.ts';
import * as mailRepo from './modules/mail/mail.repository.ts';
import * as orderRepo from './modules/orders/orders.repository.ts';
import { emailKey } from './modules/orders/orders.limits.ts';
import * as waitlistRepo from './modules/waitlist/waitlist.repository.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import { findSettings } from './modules/settings/settings.repository.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import * as paymentRepo from './modules/payments/payments.repository.ts';
import { withSandboxState } from './modules/paystack-sandbox/paystack-sandbox.repository.ts';
import type { PaystackSandbox } from './modules/paystack-sandbox/paystack-sandbox.service.ts';
import * as teamRepo from './modules/team/team.repository.ts';

export const DEMO_ORGANISER = {
  /** Reads well in the organiser home's "Welcome back, Folake". */
  fullName: 'Folake Adeyemi',
  email: 'demo@gatepass.local',
  /** Shown as typed at login; stored as +2348010000001. */
  phoneNumber: '08010000001',
  phoneE164: '+2348010000001',
  password: 'gatepass-demo',
} as const;

/** The demo organiser's team (issue 13): a door steward for the jazz night and a manager. */
export const DEMO_TEAM = [
  {
    role: 'door' as const,
    fullName: 'Emeka Obi',
    email: 'steward@gatepass.local',
    phoneNumber: '08010000002',
    phoneE164: '+2348010000002',
    password: 'gatepass-door',
    /** Door stewards are given events by title; managers work on all. */
    events: ['Lagos Jazz Night'],
  },
  {
    role: 'manager' as const,
    fullName: 'Kemi Bello',
    email: 'manager@gatepass.local',
    phoneNumber: '08010000003',
    phoneE164: '+2348010000003',
    password: 'gatepass-manager',
    events: null,
  },
];

interface DemoEvent {
  event: CreateEventBody & { title: string };
  /** Days from today (Lagos) and the wall-clock start and end times. */
  day: number;
  start: string;
  end: string;
  endDayOffset?: number;
  tickets: CreateTicketTypeBody[];
  colours: [string, string];
  /** Orders placed over the past weeks; how many of their holders came in at the door. */
  orders: number;
  checkedIn?: number;
  /**
   * A sell-out to show (issue 14): this ticket type sold out with people on its waiting
   * list, and one of the event's orders passed on to a friend (a transfer in its history).
   */
  sellOut?: { ticketType: string; waiting: { name: string; quantity: number }[] };
}

/** The access code of the demo gala's hidden, complimentary type (printed by the seed). */
export const DEMO_ACCESS_CODE = 'GALAFRIENDS';

/** The organiser's name before it read well at home: a demo organiser still called so is renamed. */
const OLD_DEMO_NAME = 'Gatepass Demo Organiser';

/** A venue in Lagos, where every demo event takes place (or online). */
const inLagos = (venueName: string, address: string) => ({ venueName, address, city: 'Lagos' });

const DEMO_EVENTS: DemoEvent[] = [
  {
    event: {
      title: 'Lagos Jazz Night',
      summary: 'An evening of live jazz, highlife and soul by the lagoon.',
      description:
        '## The line-up\n\n- **The Lagos Jazz Trio**\n- Guest vocalists from across West Africa\n\nDoors open an hour before the first set. Food and drinks on sale at the venue.',
      category: 'Music',
      ...inLagos('Terra Kulture', '1376 Tiamiyu Savage Street, Victoria Island'),
    },
    day: 9,
    start: '19:00',
    end: '23:00',
    tickets: [
      { name: 'Regular', price: 5000, capacity: 200 },
      {
        name: 'VIP table seat',
        price: 20000,
        capacity: 30,
        maxPerOrder: 6,
        description: 'Reserved table near the stage.',
      },
    ],
    colours: ['#1e3a8a', '#f59e0b'],
    orders: 26,
    // The first night of the door: some of its ticket holders are already in.
    checkedIn: 0.45,
  },
  {
    event: {
      title: 'Lagos Startup Summit',
      summary: 'Founders, investors and builders on what it takes to grow a company in Nigeria.',
      description:
        'A day of talks, panels and office hours.\n\n1. Fundraising in 2026\n2. Payments and regulation\n3. Hiring engineers in Lagos\n\nLunch is included for delegates.',
      category: 'Tech',
      ...inLagos(
        'Landmark Event Centre',
        'Plot 2 & 3, Water Corporation Road, Oniru, Victoria Island',
      ),
    },
    day: 16,
    start: '09:00',
    end: '17:00',
    tickets: [
      {
        name: 'Community pass',
        price: 0,
        capacity: 300,
        description: 'Talks and the exhibition floor.',
      },
      {
        name: 'Delegate',
        price: 25000,
        capacity: 150,
        description: 'Everything, plus lunch and office hours.',
      },
    ],
    colours: ['#0f766e', '#22d3ee'],
    orders: 26,
  },
  {
    event: {
      title: 'Lekki Food Festival',
      summary: 'Jollof, suya, small chops and more from thirty Lagos kitchens.',
      description:
        'Bring the family. Live music all afternoon, a kids’ corner and a jollof cook-off at 4 pm.',
      category: 'Food & Drink',
      ...inLagos('Lekki Leisure Lake', 'Remi Olowude Street, Lekki Phase 1'),
    },
    day: 12,
    start: '12:00',
    end: '20:00',
    tickets: [
      { name: 'Entry', price: 0, capacity: 1000, maxPerOrder: 10 },
      { name: 'Tasting pass', price: 3500, capacity: 400, description: 'Ten tasting tokens.' },
    ],
    colours: ['#b91c1c', '#fbbf24'],
    orders: 18,
  },
  {
    event: {
      title: 'Sip and Paint Saturday',
      summary: 'Canvas, colour and a glass of wine, with a painter to guide you.',
      description: 'No experience needed. All materials provided; take your painting home.',
      category: 'Arts',
      ...inLagos('Nike Art Gallery', '2 Elegushi Beach Road, Lekki'),
    },
    day: 20,
    start: '15:00',
    end: '18:00',
    tickets: [{ name: 'Easel', price: 15000, capacity: 40, maxPerOrder: 4 }],
    colours: ['#7c3aed', '#f472b6'],
    orders: 9,
  },
  {
    event: {
      title: 'Freelancing for Global Clients',
      summary: 'An online masterclass on finding clients abroad, pricing and getting paid.',
      description: 'Live on video, with questions at the end. The link is sent with your ticket.',
      category: 'Education',
      onlineUrl: 'https://meet.example.com/gatepass-demo-masterclass',
    },
    day: 6,
    start: '18:00',
    end: '19:30',
    tickets: [{ name: 'Attendee', price: 0, capacity: 500 }],
    colours: ['#334155', '#38bdf8'],
    orders: 14,
  },
  {
    event: {
      title: 'Eko 5K Fun Run',
      summary: 'A five-kilometre run through Lagos Island at sunrise. All paces welcome.',
      description: 'Every runner gets a T-shirt and a medal. Water stations every kilometre.',
      category: 'Sports',
      ...inLagos('Tafawa Balewa Square', 'Awolowo Road, Lagos Island'),
    },
    day: 27,
    start: '06:30',
    end: '10:00',
    tickets: [{ name: 'Runner', price: 2000, capacity: 1000, maxPerOrder: 10 }],
    colours: ['#15803d', '#a3e635'],
    orders: 12,
  },
  {
    event: {
      title: 'Afrobeats Rooftop Party',
      summary: 'The city’s best DJs on a rooftop above Victoria Island, until late.',
      category: 'Nightlife',
      ...inLagos('Sky Lounge, Eko Hotel', 'Adetokunbo Ademola Street, Victoria Island'),
    },
    day: 13,
    start: '22:00',
    end: '03:00',
    endDayOffset: 1,
    tickets: [
      { name: 'Early bird', price: 7000, capacity: 100 },
      { name: 'Regular', price: 10000, capacity: 300 },
    ],
    colours: ['#111827', '#e11d48'],
    orders: 16,
    sellOut: {
      ticketType: 'Early bird',
      waiting: [
        { name: 'Ngozi Okafor', quantity: 2 },
        { name: 'Tobi Adebayo', quantity: 1 },
        { name: 'Halima Sani', quantity: 4 },
      ],
    },
  },
  {
    // Ticket types people ask for (decision 086–087): pay what you want, a donation, a
    // table for ten and a complimentary type behind an access code (printed by the seed).
    event: {
      title: 'Lagos Charity Gala',
      summary: 'Dinner, music and an auction for the Makoko schools fund.',
      category: 'Community',
      ...inLagos('Federal Palace Hotel', '6-8 Ahmadu Bello Way, Victoria Island'),
    },
    day: 24,
    start: '19:00',
    end: '23:30',
    tickets: [
      { name: 'Gala seat', price: 25000, capacity: 200 },
      {
        name: 'Pay what you want',
        kind: 'pay_what_you_want',
        price: 5000,
        suggestedPrice: 15000,
        capacity: 150,
      },
      { name: 'Donation', kind: 'donation', price: 0, suggestedPrice: 10000, capacity: 10000 },
      {
        name: 'Table for ten',
        kind: 'table',
        seats: 10,
        price: 400000,
        capacity: 12,
        maxPerOrder: 2,
      },
      {
        name: 'Friends of the foundation',
        price: 0,
        capacity: 40,
        hidden: true,
        accessCodes: [DEMO_ACCESS_CODE],
      },
    ],
    colours: ['#7c2d12', '#fbbf24'],
    orders: 14,
  },
];

/** "2026-12-05T19:00" for a day `days` after today in Lagos: the API reads it in the event's zone. */
function lagosWallClock(days: number, time: string): string {
  const today = new TZDate(Date.now(), DEFAULT_TIME_ZONE);
  const day = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days,
    12,
    0,
    0,
    0,
    DEFAULT_TIME_ZONE,
  );
  return `${format(day, 'yyyy-MM-dd')}T${time}`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into at most two lines of about `width` characters. */
function titleLines(title: string, width = 16): string[] {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 2 ? [lines[0]!, lines.slice(1).join(' ')] : lines;
}

/**
 * A poster-like cover drawn locally (no network): a diagonal gradient in the event's colours,
 * soft shapes, the category, the title and where it is, as SVG rendered to PNG by sharp.
 * Text stays inside the middle 16:9 that event cards show.
 */
async function coverImage(demo: DemoEvent): Promise<Buffer> {
  const [from, to] = demo.colours;
  const category = demo.event.category ?? 'Other';
  const where = demo.event.venueName
    ? `${demo.event.venueName}, ${demo.event.city ?? 'Lagos'}`
    : 'Online';
  const lines = titleLines(demo.event.title);
  const titleTop = lines.length === 1 ? 470 : 400;
  const title = lines
    .map(
      (line, i) =>
        `<text x="160" y="${titleTop + i * 112}" font-size="104" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.45"/>
    </linearGradient></defs>
    <rect width="1600" height="800" fill="url(#g)"/>
    <circle cx="1250" cy="220" r="260" fill="#ffffff" fill-opacity="0.14"/>
    <circle cx="1380" cy="620" r="140" fill="#ffffff" fill-opacity="0.10"/>
    <circle cx="320" cy="700" r="200" fill="#ffffff" fill-opacity="0.07"/>
    <path d="M0 560 C 400 470, 900 690, 1600 520 L 1600 800 L 0 800 Z" fill="#ffffff" fill-opacity="0.06"/>
    <rect width="1600" height="800" fill="url(#shade)"/>
    <rect x="160" y="${titleTop - 170}" width="${category.length * 22 + 60}" height="56" rx="28" fill="#ffffff" fill-opacity="0.22"/>
    <text x="190" y="${titleTop - 131}" font-size="30" font-weight="700" letter-spacing="3" fill="#ffffff">${escapeXml(category.toUpperCase())}</text>
    ${title}
    <text x="162" y="${titleTop + (lines.length - 1) * 112 + 80}" font-size="40" fill="#ffffff" fill-opacity="0.9">${escapeXml(where)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function demoOrganiser(db: Db): Promise<string> {
  const id = await demoAccount(db, DEMO_ORGANISER);
  const existing = await users.findUserByPhone(db, DEMO_ORGANISER.phoneE164);
  if (existing?.full_name === OLD_DEMO_NAME) {
    await users.updateAccount(db, id, { full_name: DEMO_ORGANISER.fullName });
  }
  return id;
}

/** A verified demo account with the printed password (kept true if someone changed it). */
async function demoAccount(
  db: Db,
  account: { fullName: string; email: string; phoneE164: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(account.password);
  const existing = await users.findUserByPhone(db, account.phoneE164);
  if (existing) {
    await users.updatePasswordHash(db, existing.id, passwordHash);
    await users.markEmailVerified(db, existing.id);
    return existing.id;
  }
  const created = await users.insertUser(db, {
    fullName: account.fullName,
    email: account.email,
    phone: account.phoneE164,
    passwordHash,
  });
  await users.markEmailVerified(db, created.id);
  return created.id;
}

/** The demo team's accounts and memberships; answers the steward's id (who scans the jazz night). */
async function demoTeam(db: Db, organiserId: string): Promise<string> {
  let stewardId = organiserId;
  const events = await teamRepo.organiserEvents(db, organiserId);
  for (const member of DEMO_TEAM) {
    const userId = await demoAccount(db, member);
    const eventIds =
      member.events === null
        ? null
        : events.filter((e) => member.events.includes(e.title)).map((e) => e.id);
    await teamRepo.upsertMember(db, { organiserId, userId, role: member.role, eventIds });
    if (member.role === 'door') stewardId = userId;
  }
  return stewardId;
}

export interface SeedResult {
  organiserId: string;
  created: string[];
  kept: string[];
  /** Orders added, by what became of them. */
  orders: Record<OrderFate, number>;
  /** Of the paid ones, how many were paid through the Paystack sandbox (decision 058). */
  paystack: number;
  /** Kept demo events that had no cover and were given one. */
  coversAdded: string[];
  checkedIn: number;
}

/** The demo's payments through the local Paystack sandbox (decision 058). */
interface DemoPaystack {
  payments: PaymentsService;
  sandbox: PaystackSandbox;
}

/** The demo organiser's payout account, as the sandbox resolves it. */
const DEMO_PAYOUT = {
  bankName: 'Guaranty Trust Bank',
  bankCode: '058',
  accountNumber: '0123456789',
  accountName: 'FOLAKE ADEYEMI EVENTS',
};

/**
 * Folake's payout account, verified with the sandbox and made her subaccount (as Settings →
 * Payout account does), so her events take Paystack payments and the ledger has a subaccount
 * to settle to. Kept as it is when already verified.
 */
async function demoPayout(db: Db, settings: SettingsService, organiserId: string): Promise<void> {
  const saved = await findSettings(db, organiserId);
  if (saved?.subaccount_code && saved.payout_verified_at) return;
  await withSandboxState(db, (state) => {
    state.accounts.set(
      `${DEMO_PAYOUT.bankCode}:${DEMO_PAYOUT.accountNumber}`,
      DEMO_PAYOUT.accountName,
    );
  });
  // As Settings → Payout account saves it: resolved with Paystack, then the subaccount.
  await settings.setPayout(organiserId, payoutBody.parse(DEMO_PAYOUT));
}

/**
 * A buyer pays through the sandbox's page (card, or a bank transfer) and its signed
 * webhook confirms the order, as in the app.
 */
async function payThroughSandbox(
  paystack: DemoPaystack,
  orderId: string,
  accessToken: string,
  client: string,
  channel: 'card' | 'bank_transfer',
): Promise<boolean> {
  const chosen = await paystack.payments.choose(orderId, accessToken, 'paystack', client, channel);
  const accessCode = chosen.redirectUrl
    ? new URL(chosen.redirectUrl).pathname.split('/').pop()
    : '';
  return Boolean(accessCode && (await paystack.sandbox.finish(accessCode, 'pay')));
}

/** Moves the sandbox's record of an order's payment back with the order. */
async function backdateSandboxPayment(db: Db, orderId: string, seconds: number): Promise<void> {
  await withSandboxState(db, (state) => {
    for (const t of state.transactions.values()) {
      if ((t.metadata as { order_id?: string } | null)?.order_id !== orderId) continue;
      const back = (iso: string) => new Date(Date.parse(iso) - seconds * 1000).toISOString();
      t.createdAt = back(t.createdAt);
      if (t.paidAt) t.paidAt = back(t.paidAt);
    }
  });
}

type OrderFate = 'paid' | 'free' | 'pending' | 'refunded' | 'cancelled';

// Buyers' names, drawn in a fixed order so every run makes the same demo.
const FIRST_NAMES = [
  'Chinedu',
  'Aisha',
  'Tunde',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Kemi',
  'Olumide',
  'Zainab',
  'Segun',
  'Chiamaka',
  'Yusuf',
  'Bisi',
  'Obinna',
  'Halima',
  'Femi',
  'Ifeoma',
  'Musa',
  'Tolu',
  'Uche',
  'Amaka',
  'Dapo',
  'Nkechi',
  'Kunle',
  'Hauwa',
  'Seun',
  'Ebere',
];
const LAST_NAMES = [
  'Okafor',
  'Balogun',
  'Eze',
  'Bello',
  'Okonkwo',
  'Adebayo',
  'Nwosu',
  'Abubakar',
  'Ogunleye',
  'Ibe',
  'Lawal',
  'Obi',
  'Afolabi',
  'Danjuma',
  'Onyeka',
  'Salami',
  'Chukwu',
  'Olatunji',
];

/** A small deterministic generator (mulberry32): the same demo on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The demo's buyers are made up: nothing is mailed to them (the outbox would otherwise print
 * a hundred confirmations to the log at the next start).
 */
class NoMail extends MailService {
  /** The last offline-hold confirmation link, so the seed can open it as the buyer would. */
  lastHoldLink: string | undefined;
  override enqueue(_trx: unknown, mail: NewMessage): Promise<string> {
    const link = /\/checkout\/hold\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (link) this.lastHoldLink = link;
    return Promise.resolve('');
  }
  /**
   * The demo's message to attendees is kept in the outbox as delivered to the log — nobody is
   * mailed, and the dispatcher never picks it up — so its history shows sent counts.
   */
  override async enqueueMany(trx: Db, messages: OutboxMessage[]): Promise<void> {
    const kept = messages.filter((m) => m.channel !== 'webhook' && m.context?.messageId);
    if (kept.length === 0) return;
    await super.enqueueMany(trx, kept);
    const ids = [
      ...new Set(kept.map((m) => (m.channel === 'webhook' ? '' : m.context!.messageId!))),
    ];
    await mailRepo.markMessagesLogged(trx, ids);
  }
  override kick(): void {}
}

/** How far back the first sales go; sales pick up as the events come closer. */
const SALES_WEEKS = 5;

/**
 * The demo's checkout questions (issue 25 §1): a name per ticket (searched at the door), a
 * dietary choice per order and, only for an allergy, which one.
 */
async function demoQuestions(
  questions: QuestionsService,
  organiserId: string,
  eventId: string,
): Promise<QuestionDto[]> {
  const saved = await questions.list(organiserId, eventId);
  if (saved.length > 0) return saved;
  const diet = randomUUID();
  return questions.save(
    organiserId,
    eventId,
    saveQuestionsBody.parse({
      questions: [
        { id: randomUUID(), label: 'Guest name', kind: 'short_text', per: 'ticket' },
        {
          id: diet,
          label: 'Dietary needs',
          kind: 'one_choice',
          per: 'order',
          // Not required: the demo's other journeys (the Paystack sandbox's) buy without it.
          required: false,
          options: ['None', 'Vegetarian', 'Halal', 'Allergy'],
        },
        {
          id: randomUUID(),
          label: 'Which allergy?',
          kind: 'short_text',
          per: 'order',
          required: true,
          showIf: { questionId: diet, equals: 'Allergy' },
        },
      ],
    }),
  );
}

/** A demo buyer's answers: most name their guests, some have an allergy. */
function demoAnswers(
  questions: QuestionDto[],
  type: { id: string; name: string },
  quantity: number,
  next: () => number,
): Record<string, string> {
  const asked = askedQuestions(questions, [{ ticketTypeId: type.id, quantity, name: type.name }]);
  const answers: Record<string, string> = {};
  for (const a of asked) {
    if (a.question.label === 'Guest name') {
      if (next() < 0.6)
        answers[a.key] = `${FIRST_NAMES[Math.floor(next() * FIRST_NAMES.length)]} ${
          LAST_NAMES[Math.floor(next() * LAST_NAMES.length)]
        }`;
    } else if (a.question.label === 'Dietary needs') {
      answers[a.key] = a.question.options[Math.floor(next() * a.question.options.length)]!;
    } else if (a.question.label === 'Which allergy?') {
      answers[a.key] = next() < 0.5 ? 'Peanuts' : 'Shellfish';
    }
  }
  return answers;
}

/**
 * Orders for one event, through the checkout buyers use: each is placed, then paid offline
 * and marked paid by the organiser, left awaiting payment, refunded or cancelled; free ones
 * complete at once. Then each is moved back to when it was "placed", denser towards today,
 * so the finances chart shows a curve. None is a TEST-provider order.
 */
async function seedOrders(
  db: Db,
  orders: OrdersService,
  mail: NoMail,
  checkin: CheckinService,
  organiserId: string,
  demo: DemoEvent,
  event: ManageEventDto,
  index: number,
  result: SeedResult,
  stewardId: string,
  paystack: DemoPaystack,
  questions: QuestionDto[],
): Promise<void> {
  const next = random(index * 7919 + 17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const completed: string[] = [];
  // Hidden types are bought with their code below; the others by the demo's buyers.
  const onPage = event.ticketTypes.filter((t) => !t.hidden);
  for (let i = 0; i < demo.orders; i++) {
    const type = pick(onPage);
    // Pay what you want and donations: what each buyer chose, around the suggestion.
    const amount = buyerSetsPrice(type.kind)
      ? Math.max(
          type.price,
          1000,
          Math.round(((type.suggestedPrice ?? 5000) * (0.5 + next())) / 500) * 500,
        )
      : undefined;
    const quantity = Math.max(
      type.minPerOrder,
      Math.min(type.maxPerOrder, 1 + Math.floor(next() * next() * 4)),
    );
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const body = createOrderBody.parse({
      eventId: event.id,
      items: [{ ticketTypeId: type.id, quantity, ...(amount !== undefined ? { amount } : {}) }],
      buyer: {
        firstName,
        lastName,
        email: `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
        phone: `080${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
      },
      ...(questions.length > 0 ? { answers: demoAnswers(questions, type, quantity, next) } : {}),
    });
    // Each demo buyer is a client of their own: the checkout's per-address limits key on it.
    const { order, accessToken } = await orders.checkout.create(
      body,
      null,
      `seed:${event.id}:${i}`,
    );
    let fate: OrderFate;
    // The last two paid orders of an event are recent and still awaiting payment.
    const pending = (amount ?? type.price) > 0 && i >= demo.orders - 2;
    const client = `seed:${event.id}:${i}`;
    if (order.status === 'completed') {
      fate = 'free';
    } else if (
      !pending &&
      i % 3 === 2 &&
      (await payThroughSandbox(
        paystack,
        order.id,
        accessToken,
        client,
        i % 2 ? 'bank_transfer' : 'card',
      ))
    ) {
      // A third of the paid orders through Paystack (the sandbox), so the payout ledger has lines.
      fate = 'paid';
      result.paystack += 1;
    } else {
      mail.lastHoldLink = undefined;
      await orders.settlement.choosePayment(
        order.id,
        accessToken,
        'offline',
        `seed:${event.id}:${i}`,
      );
      if (pending) {
        // The buyer opened the mailed link, so the order holds for the event's offline hold
        // instead of lapsing with the normal hold (decision 025).
        if (mail.lastHoldLink) await orders.settlement.confirmHold(mail.lastHoldLink);
        fate = 'pending';
      } else if (i % 13 === 7) {
        await orders.organiser.cancel(
          organiserId,
          order.id,
          'Not paid; the buyer asked to cancel.',
        );
        fate = 'cancelled';
      } else {
        await orders.organiser.markPaid(organiserId, order.id);
        fate = 'paid';
        if (i % 9 === 4) {
          await orders.organiser.refund(organiserId, order.id, 'The buyer could no longer come.');
          fate = 'refunded';
        }
      }
    }
    if (fate === 'paid' || fate === 'free') completed.push(order.orderCode);
    result.orders[fate] += 1;
    // Placed at a time denser towards today: a rising sales curve over the weeks.
    const share = (i + next()) / demo.orders;
    const secondsAgo = pending
      ? (2 + next() * 20) * 3600
      : (1 - share) ** 2 * SALES_WEEKS * 7 * 86_400 + next() * 6 * 3600;
    await orderRepo.backdateOrder(db, order.id, secondsAgo);
    await paymentRepo.backdatePayments(db, order.id, secondsAgo);
    await backdateSandboxPayment(db, order.id, secondsAgo);
  }
  // A guest of the organiser, with the access code of each hidden type (complimentary).
  for (const [n, type] of event.ticketTypes.filter((t) => t.accessCodes.length > 0).entries()) {
    const { order } = await orders.checkout.create(
      createOrderBody.parse({
        eventId: event.id,
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        accessCode: type.accessCodes[0],
        buyer: {
          firstName: 'Bisi',
          lastName: 'Akande',
          email: `bisi.akande${n}@example.com`,
          phone: `0809${String(1000000 + index * 10 + n).padStart(7, '0')}`,
        },
        ...(questions.length > 0 ? { answers: demoAnswers(questions, type, 1, next) } : {}),
      }),
      null,
      `seed:${event.id}:guest:${n}`,
    );
    if (order.status === 'completed') {
      completed.push(order.orderCode);
      result.orders.free += 1;
    }
  }
  if (demo.checkedIn) {
    const codes = completed.filter(() => next() < demo.checkedIn!);
    // Two gates: the organiser's phone and the steward's, so the door figures show both.
    const half = Math.ceil(codes.length / 2);
    const inAlready = new Set<string>();
    for (const [userId, deviceId, part] of [
      [organiserId, 'gate-1-organiser', codes.slice(0, half)],
      [stewardId, 'gate-2-steward', codes.slice(half)],
    ] as const) {
      const role = userId === organiserId ? 'owner' : 'door';
      const by = { organiserId, userId, deviceId, role, eventIds: null };
      const marked = await checkin.markAttended(by, event.id, part);
      result.checkedIn += marked.marked.length;
      for (const code of marked.marked) inAlready.add(code);
      // The steward's scans show on the Team page as their last activity.
      if (marked.marked.length && userId !== organiserId) {
        await teamRepo.touchMember(db, organiserId, userId);
      }
    }
    // A first admission at a gate is the order's check-in too (decision 084).
    const atGates = await seedGates(db, checkin, organiserId, stewardId, event, completed, next);
    result.checkedIn += atGates.filter((code) => !inAlready.has(code)).length;
  }
}

/**
 * Doors by gate (decision 084): a "VIP gate" for the VIP types and a "Main gate" for the
 * rest, the demo steward given the VIP gate, and some check-ins at each (the organiser at
 * the main gate, the steward at the VIP gate), so the figures per list show both.
 */
async function seedGates(
  db: Db,
  checkin: CheckinService,
  organiserId: string,
  stewardId: string,
  event: ManageEventDto,
  completed: string[],
  next: () => number,
): Promise<string[]> {
  const vip = event.ticketTypes.filter((t) => /vip/i.test(t.name)).map((t) => t.id);
  const rest = event.ticketTypes.filter((t) => !vip.includes(t.id)).map((t) => t.id);
  if (vip.length === 0 || rest.length === 0) return [];
  const vipGate = await checkin.lists.create(organiserId, event.id, {
    name: 'VIP gate',
    ticketTypeIds: vip,
  });
  const mainGate = await checkin.lists.create(organiserId, event.id, {
    name: 'Main gate',
    ticketTypeIds: rest,
  });
  if (stewardId !== organiserId) {
    await teamRepo.setMemberCheckinList(db, organiserId, stewardId, vipGate.id);
  }
  const codes = completed.filter(() => next() < 0.6);
  const admitted: string[] = [];
  for (const [userId, role, list, deviceId] of [
    [organiserId, 'owner', mainGate.id, 'main-gate-organiser'],
    [stewardId, stewardId === organiserId ? 'owner' : 'door', vipGate.id, 'vip-gate-steward'],
  ] as const) {
    const by = { organiserId, userId, deviceId, role, eventIds: null, checkinListId: list };
    // Every code is shown at each gate: the ones it does not take are refused with the reason.
    admitted.push(...(await checkin.markAttended(by, event.id, codes, list)).marked);
  }
  return admitted;
}

/**
 * Creates what is missing; an event the demo organiser already has (by title) is kept as it
 * is, and an event with no orders yet gets its demo orders.
 */
export async function seed(
  db: Db,
  log: (line: string) => void = () => undefined,
  /** Printed before each new event's path: the address the app is used at. */
  publicUrl = '',
): Promise<SeedResult> {
  const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  // The app's own wiring (app/services.ts), with the demo's differences: the made-up buyers
  // are mailed nothing, and Paystack is the local sandbox (decision 058), whose state the app
  // reads when started with PAYSTACK_SANDBOX=true — so the payout ledger has lines. The demo
  // is paid offline and marked paid or through the sandbox: never through the TEST provider.
  const { services, sandbox } = await createServices(
    db,
    {
      ...loadConfig({}),
      // Paystack takes and answers absolute addresses (the seed never opens them).
      publicUrl: publicUrl || 'http://localhost:3000',
      paystackSandbox: true,
      paystackSecretKey: `sk_test_sandbox_seed_${Date.now()}`,
      paystackBaseUrl: SANDBOX_BASE_URL,
      paymentsTestMode: false,
    },
    { log: quiet, Mail: NoMail },
  );
  const { events, orders, checkin, payments } = services;
  const mail = services.mail as NoMail;
  const organiserId = await demoOrganiser(db);
  await demoPayout(db, services.settings, organiserId);
  let stewardId: string | undefined;
  const existing = new Map((await events.listMine(organiserId)).map((e) => [e.title, e]));
  const result: SeedResult = {
    organiserId,
    created: [],
    kept: [],
    orders: { paid: 0, free: 0, pending: 0, refunded: 0, cancelled: 0 },
    paystack: 0,
    coversAdded: [],
    checkedIn: 0,
  };
  for (const [index, demo] of DEMO_EVENTS.entries()) {
    const kept = existing.get(demo.event.title);
    let event: ManageEventDto;
    if (kept) {
      result.kept.push(demo.event.title);
      // A demo event kept from an earlier seed without its cover gets one (issue 24 §3: "Sip
      // and Paint Saturday" had none); one the organiser set is left alone.
      if (!kept.coverUrl && kept.status !== 'cancelled') {
        await events.setCover(organiserId, kept.id, await coverImage(demo));
        result.coversAdded.push(demo.event.title);
      }
      // Orders are added once: an event that has sold or holds anything is left as it is.
      if (kept.status !== 'published' || kept.sold + kept.held > 0) continue;
      event = await events.get(organiserId, kept.id);
      // Demo events from before offline payment was a per-event choice (decision 025).
      if (!event.offlinePayment)
        event = await events.update(
          organiserId,
          kept.id,
          updateEventBody.parse({ offlinePayment: true }),
        );
    } else {
      const draft = await events.create(
        organiserId,
        createEventBody.parse({
          ...demo.event,
          // The demo's paid orders are paid offline, which an event takes only when asked.
          offlinePayment: true,
          startAt: lagosWallClock(demo.day, demo.start),
          endAt: lagosWallClock(demo.day + (demo.endDayOffset ?? 0), demo.end),
        }),
      );
      for (const ticket of demo.tickets) {
        await events.ticketTypes.add(organiserId, draft.id, createTicketTypeBody.parse(ticket));
      }
      await events.setCover(organiserId, draft.id, await coverImage(demo));
      event = await events.publish(organiserId, draft.id);
      result.created.push(demo.event.title);
      log(`  + ${event.title}  →  ${publicUrl}${event.url}`);
    }
    // The team is given events once they exist (and published: stewards see those).
    stewardId ??= await demoTeam(db, organiserId);
    await seedOrders(
      db,
      orders,
      mail,
      checkin,
      organiserId,
      demo,
      event,
      index,
      result,
      stewardId,
      {
        payments,
        sandbox: sandbox!,
      },
      await demoQuestions(services.questions, organiserId, event.id),
    );
    if (index === 0)
      await seedNamedTickets(
        orders,
        organiserId,
        event,
        result,
        await demoQuestions(services.questions, organiserId, event.id),
      );
    if (demo.sellOut) await seedSellOut(db, events, orders, organiserId, event, demo.sellOut);
  }
  await demoTeam(db, organiserId);
  await demoMessages(services.messages, organiserId, await events.listMine(organiserId));
  return result;
}

/** The demo's request key of its message: a second seed finds the message already sent. */
const DEMO_MESSAGE_KEY = '5eed0825-0000-4000-8000-000000000001';

/**
 * Issue 25 §3 in the demo: reminders on for the first published event with tickets sold,
 * and one message sent to its ticket holders (by mail and SMS) in its history.
 */
async function demoMessages(
  messages: MessagesService,
  organiserId: string,
  list: { id: string; status: string; sold: number }[],
): Promise<void> {
  const event = list.find((e) => e.status === 'published' && e.sold > 0);
  if (!event) return;
  await messages.setReminders(organiserId, event.id, true);
  await messages.send(organiserId, organiserId, event.id, {
    requestKey: DEMO_MESSAGE_KEY,
    audience: { who: 'everyone', ticketTypeIds: [] },
    subject: 'Doors open at 6 PM',
    body: 'Hello!\n\nDoors open at 6 PM. Come early for the welcome drinks, and have your ticket ready at the gate.',
    sms: true,
    smsText: 'Doors open at 6 PM. Have your ticket ready at the gate.',
    whatsapp: false,
  });
}

/**
 * A group order with a name on its tickets (issue 25 §2, decision 080): four tickets bought
 * by one buyer, two named at checkout, and one of them sent to its holder — their own order,
 * code and mail; the door lists both, the organiser's orders name them.
 */
async function seedNamedTickets(
  orders: OrdersService,
  organiserId: string,
  event: ManageEventDto,
  result: SeedResult,
  questions: QuestionDto[],
): Promise<void> {
  const type = event.ticketTypes.find((t) => t.maxPerOrder >= 4) ?? event.ticketTypes[0];
  if (!type) return;
  const quantity = Math.max(type.minPerOrder, Math.min(4, type.maxPerOrder));
  if (quantity < 2) return;
  const body = createOrderBody.parse({
    eventId: event.id,
    items: [{ ticketTypeId: type.id, quantity }],
    buyer: {
      firstName: 'Folasade',
      lastName: 'Akinwande',
      email: 'folasade.akinwande@example.com',
      phone: '08031234567',
    },
    // The event's questions (issue 25 §1): the guests' names match the tickets' names.
    answers: Object.fromEntries(
      askedQuestions(questions, [{ ticketTypeId: type.id, quantity }]).map((a) => [
        a.key,
        a.question.label === 'Dietary needs'
          ? 'Vegetarian'
          : a.question.label === 'Guest name' && a.ticket === 1
            ? 'Folasade Akinwande'
            : a.question.label === 'Guest name' && a.ticket === 2
              ? 'Damilola Akinwande'
              : '',
      ]),
    ),
    ticketNames: [
      { index: 1, firstName: 'Folasade', lastName: 'Akinwande' },
      {
        index: 2,
        firstName: 'Damilola',
        lastName: 'Akinwande',
        email: 'damilola.akinwande@example.com',
      },
    ],
  });
  const { order, accessToken } = await orders.checkout.create(body, null, `seed:${event.id}:named`);
  if (order.status !== 'completed') {
    await orders.settlement.choosePayment(
      order.id,
      accessToken,
      'offline',
      `seed:${event.id}:named`,
    );
    await orders.organiser.markPaid(organiserId, order.id);
  }
  await orders.named.sendTicket(order.id, accessToken, 2, {
    firstName: 'Damilola',
    lastName: 'Akinwande',
    email: 'damilola.akinwande@example.com',
  });
  result.orders[order.status === 'completed' ? 'free' : 'paid'] += 1;
}

/**
 * The sell-out of a demo event: its ticket type's capacity closed at what is taken, so it
 * reads "Sold out" with its waiting list behind it (decision 032), and one completed order
 * transferred to a friend, so the order's history shows both codes (decision 033).
 */
async function seedSellOut(
  db: Db,
  events: EventsService,
  orders: OrdersService,
  organiserId: string,
  event: ManageEventDto,
  sellOut: NonNullable<DemoEvent['sellOut']>,
): Promise<void> {
  const fresh = await events.get(organiserId, event.id);
  const type = fresh.ticketTypes.find((t) => t.name === sellOut.ticketType);
  if (type && type.sold > 0) {
    await events.ticketTypes.update(
      organiserId,
      event.id,
      type.id,
      updateTicketTypeBody.parse({ capacity: type.sold }),
    );
    for (const person of sellOut.waiting) {
      const email = `${person.name.replace(' ', '.')}@example.com`.toLowerCase();
      await waitlistRepo.insertEntry(db, {
        eventId: event.id,
        ticketTypeId: type.id,
        name: person.name,
        email,
        emailKey: emailKey(email),
        quantity: Math.min(person.quantity, type.maxPerOrder),
      });
    }
  }
  const given = await orderRepo.firstCompletedOrder(db, event.id);
  if (given) {
    await orders.transfers.transferForOwner(organiserId, given, {
      firstName: 'Chiamaka',
      lastName: 'Eze',
      email: 'chiamaka.eze@example.com',
    });
  }
}

/** What `npm run seed` prints when done: the address is the one the app uses (PORT, PUBLIC_URL). */
export function seedSummary(config: Config, result: SeedResult): string[] {
  const o = result.orders;
  const lines: string[] = [];
  if (result.kept.length)
    lines.push(
      `  (${result.kept.length} demo events were already there and were left as they are)`,
    );
  const added = o.paid + o.free + o.pending + o.refunded + o.cancelled;
  if (added)
    lines.push(
      `  ${added} orders: ${o.paid} paid, ${o.free} free, ${o.pending} awaiting payment, ${o.refunded} refunded, ${o.cancelled} cancelled; ${result.checkedIn} checked in at the door; ${result.paystack} paid through the Paystack sandbox`,
    );
  lines.push(
    '',
    'Demo organiser (email verified):',
    `  name:         ${DEMO_ORGANISER.fullName}`,
    `  phone number: ${DEMO_ORGANISER.phoneNumber}`,
    `  password:     ${DEMO_ORGANISER.password}`,
    'Their team (log in the same way; each sees only what the role allows):',
    ...DEMO_TEAM.map(
      (m) =>
        `  ${m.role === 'door' ? `door steward (${m.events?.join(', ')})` : 'manager'}: ${m.fullName}, ${m.phoneNumber} / ${m.password}`,
    ),
    `Start the app (npm start) and log in at ${config.publicUrl}/login; the events are at ${config.publicUrl}/events`,
    `Lagos Charity Gala sells pay what you want, a donation and a table for ten; its hidden, complimentary "Friends of the foundation" tickets open with the access code ${DEMO_ACCESS_CODE} ("I have an access code" on the event page).`,
    'With the local Paystack sandbox (payout ledger, bank-transfer checkout, refunds; no real money):',
    '  PAYMENTS_TEST_MODE=true PAYSTACK_SANDBOX=true npm start',
  );
  return lines;
}

export function seedRefusal(config: Config, argv: string[]): string | undefined {
  if (!config.databaseUrl) return undefined;
  if (argv.includes('--force') || config.seedAllow) return undefined;
  return [
    'Refusing to seed: DATABASE_URL points at a PostgreSQL server, which may hold real data.',
    'The demo organiser and events would be added to it. If that is what you want, run',
    '  npm run seed -- --force     (or set SEED_ALLOW=1)',
  ].join('\n');
}

async function main(): Promise<void> {
  const config = configOrExit();
  const refusal = seedRefusal(config, process.argv.slice(2));
  if (refusal) {
    console.error(refusal);
    process.exit(2);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  try {
    await migrateToLatest(database.db);
    console.log(
      `Seeding demo data into ${database.engine === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}…`,
    );
    const result = await seed(database.db, (line) => console.log(line), config.publicUrl);
    for (const line of seedSummary(config, result)) console.log(line);
  } finally {
    await database.close();
  }
}

// Run only as the entry point (node dist/seed.js or tsx src/seed.ts), not when a test imports it.
const entry = process.argv[1] ?? '';
if (/[\\/]seed\.(js|ts)$/.test(entry)) {
  main().catch((err: unknown) => {
    if (err instanceof DataDirLockedError) {
      // The app (or another seed) has the embedded database open: stop it first.
      console.error(err.message);
      process.exit(1);
    }
    console.error('Seeding failed:', err);
    process.exit(1);
  });
}
