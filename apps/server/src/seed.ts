/**
 * Demo data: `npm run seed` (after `npm run build`) creates a verified demo organiser with
 * a handful of published events in Lagos, so a newcomer sees a living app. Run it while
 * the app is stopped (the embedded database allows one process at a time). Running it
 * again adds nothing twice.
 *
 * It never writes to a PostgreSQL server (DATABASE_URL) unless asked to with --force or
 * SEED_ALLOW=1: that is where real organisers' data lives.
 */
import { TZDate } from '@date-fns/tz';
import {
  createEventBody,
  createTicketTypeBody,
  DEFAULT_TIME_ZONE,
  type CreateEventBody,
  type CreateTicketTypeBody,
} from '@gatepass/shared';
import { format } from 'date-fns';
import sharp from 'sharp';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hashPassword } from './lib/secrets.ts';
import * as users from './modules/auth/auth.repository.ts';
import { EventsService } from './modules/events/events.service.ts';
import { MediaService } from './modules/media/media.service.ts';

export const DEMO_ORGANISER = {
  fullName: 'Gatepass Demo Organiser',
  email: 'demo@gatepass.local',
  /** Shown as typed at login; stored as +2348010000001. */
  phoneNumber: '08010000001',
  phoneE164: '+2348010000001',
  password: 'gatepass-demo',
} as const;

interface DemoEvent {
  event: CreateEventBody & { title: string };
  /** Days from today (Lagos) and the wall-clock start and end times. */
  day: number;
  start: string;
  end: string;
  endDayOffset?: number;
  tickets: CreateTicketTypeBody[];
  colours: [string, string];
}

const DEMO_EVENTS: DemoEvent[] = [
  {
    event: {
      title: 'Lagos Jazz Night',
      summary: 'An evening of live jazz, highlife and soul by the lagoon.',
      description:
        '## The line-up\n\n- **The Lagos Jazz Trio**\n- Guest vocalists from across West Africa\n\nDoors open an hour before the first set. Food and drinks on sale at the venue.',
      category: 'Music',
      venueName: 'Terra Kulture',
      address: '1376 Tiamiyu Savage Street, Victoria Island',
      city: 'Lagos',
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
  },
  {
    event: {
      title: 'Lagos Startup Summit',
      summary: 'Founders, investors and builders on what it takes to grow a company in Nigeria.',
      description:
        'A day of talks, panels and office hours.\n\n1. Fundraising in 2026\n2. Payments and regulation\n3. Hiring engineers in Lagos\n\nLunch is included for delegates.',
      category: 'Tech',
      venueName: 'Landmark Event Centre',
      address: 'Plot 2 & 3, Water Corporation Road, Oniru, Victoria Island',
      city: 'Lagos',
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
  },
  {
    event: {
      title: 'Lekki Food Festival',
      summary: 'Jollof, suya, small chops and more from thirty Lagos kitchens.',
      description:
        'Bring the family. Live music all afternoon, a kids’ corner and a jollof cook-off at 4 pm.',
      category: 'Food & Drink',
      venueName: 'Lekki Leisure Lake',
      address: 'Remi Olowude Street, Lekki Phase 1',
      city: 'Lagos',
    },
    day: 12,
    start: '12:00',
    end: '20:00',
    tickets: [
      { name: 'Entry', price: 0, capacity: 1000, maxPerOrder: 10 },
      { name: 'Tasting pass', price: 3500, capacity: 400, description: 'Ten tasting tokens.' },
    ],
    colours: ['#b91c1c', '#fbbf24'],
  },
  {
    event: {
      title: 'Sip and Paint Saturday',
      summary: 'Canvas, colour and a glass of wine, with a painter to guide you.',
      description: 'No experience needed. All materials provided; take your painting home.',
      category: 'Arts',
      venueName: 'Nike Art Gallery',
      address: '2 Elegushi Beach Road, Lekki',
      city: 'Lagos',
    },
    day: 20,
    start: '15:00',
    end: '18:00',
    tickets: [{ name: 'Easel', price: 15000, capacity: 40, maxPerOrder: 4 }],
    colours: ['#7c3aed', '#f472b6'],
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
  },
  {
    event: {
      title: 'Eko 5K Fun Run',
      summary: 'A five-kilometre run through Lagos Island at sunrise. All paces welcome.',
      description: 'Every runner gets a T-shirt and a medal. Water stations every kilometre.',
      category: 'Sports',
      venueName: 'Tafawa Balewa Square',
      address: 'Awolowo Road, Lagos Island',
      city: 'Lagos',
    },
    day: 27,
    start: '06:30',
    end: '10:00',
    tickets: [{ name: 'Runner', price: 2000, capacity: 1000, maxPerOrder: 10 }],
    colours: ['#15803d', '#a3e635'],
  },
  {
    event: {
      title: 'Afrobeats Rooftop Party',
      summary: 'The city’s best DJs on a rooftop above Victoria Island, until late.',
      category: 'Nightlife',
      venueName: 'Sky Lounge, Eko Hotel',
      address: 'Adetokunbo Ademola Street, Victoria Island',
      city: 'Lagos',
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

/** A simple cover (a diagonal gradient with soft circles), drawn as SVG and saved as PNG. */
async function coverImage([from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="1600" height="800" fill="url(#g)"/>
    <circle cx="1250" cy="220" r="260" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="320" cy="660" r="200" fill="#ffffff" fill-opacity="0.08"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function demoOrganiser(db: Db): Promise<string> {
  const passwordHash = await hashPassword(DEMO_ORGANISER.password);
  const existing = await users.findUserByPhone(db, DEMO_ORGANISER.phoneE164);
  if (existing) {
    // Keep the printed password true even if someone changed it in the demo.
    await users.updatePasswordHash(db, existing.id, passwordHash);
    await users.markEmailVerified(db, existing.id);
    return existing.id;
  }
  const created = await users.insertUser(db, {
    fullName: DEMO_ORGANISER.fullName,
    email: DEMO_ORGANISER.email,
    phone: DEMO_ORGANISER.phoneE164,
    passwordHash,
  });
  await users.markEmailVerified(db, created.id);
  return created.id;
}

export interface SeedResult {
  organiserId: string;
  created: string[];
  kept: string[];
}

/** Creates what is missing; an event the demo organiser already has (by title) is kept as it is. */
export async function seed(
  db: Db,
  log: (line: string) => void = () => undefined,
): Promise<SeedResult> {
  const media = new MediaService(db);
  const events = new EventsService(db, media);
  const organiserId = await demoOrganiser(db);
  const existing = new Set((await events.listMine(organiserId)).map((e) => e.title));
  const result: SeedResult = { organiserId, created: [], kept: [] };
  for (const demo of DEMO_EVENTS) {
    if (existing.has(demo.event.title)) {
      result.kept.push(demo.event.title);
      continue;
    }
    const draft = await events.create(
      organiserId,
      createEventBody.parse({
        ...demo.event,
        startAt: lagosWallClock(demo.day, demo.start),
        endAt: lagosWallClock(demo.day + (demo.endDayOffset ?? 0), demo.end),
      }),
    );
    for (const ticket of demo.tickets) {
      await events.addTicketType(organiserId, draft.id, createTicketTypeBody.parse(ticket));
    }
    await events.setCover(organiserId, draft.id, await coverImage(demo.colours));
    const live = await events.publish(organiserId, draft.id);
    result.created.push(demo.event.title);
    log(`  + ${live.title}  →  ${live.url}`);
  }
  return result;
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
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const refusal = seedRefusal(config, process.argv.slice(2));
  if (refusal) {
    console.error(refusal);
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    console.log(
      `Seeding demo data into ${database.engine === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}…`,
    );
    const result = await seed(database.db, (line) => console.log(line));
    if (result.kept.length)
      console.log(
        `  (${result.kept.length} demo events were already there and were left as they are)`,
      );
    console.log('');
    console.log('Demo organiser (email verified):');
    console.log(`  phone number: ${DEMO_ORGANISER.phoneNumber}`);
    console.log(`  password:     ${DEMO_ORGANISER.password}`);
    console.log(
      `Start the app (npm start) and log in at ${config.publicUrl}/login; the events are at ${config.publicUrl}/events`,
    );
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
