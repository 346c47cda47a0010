import {
  EVENT_DEFAULT_TIME_ZONE,
  instantToLocalInput,
  localInputToInstant,
  type EventCategory,
  type EventVisibility,
  type FeeMode,
  type ManageEventDto,
  type UpdateEventBody,
} from '@gatepass/shared';
import type { z } from 'zod';

/**
 * The create/edit wizard: its steps, the form it edits (strings, as inputs hold them), and
 * how server and client messages find the field and step they belong to.
 */

export const WIZARD_STEPS = [
  { slug: 'details', title: 'Details', fields: ['title', 'summary', 'category', 'description'] },
  {
    slug: 'date-place',
    title: 'Date & place',
    fields: ['startAt', 'endAt', 'timeZone', 'venue', 'venueName', 'address', 'city', 'onlineUrl'],
  },
  {
    slug: 'tickets',
    title: 'Tickets',
    fields: [
      'ticketTypes',
      'feeMode',
      'offlinePayment',
      'offlineHoldHours',
      'allowTransfers',
      'ticketNamesUntil',
      'paystackChannels',
    ],
  },
  { slug: 'media', title: 'Media', fields: ['coverImageId', 'cover'] },
  { slug: 'review', title: 'Review & publish', fields: ['visibility'] },
] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number];
export type StepSlug = WizardStep['slug'];

export function stepIndex(slug: string | undefined): number {
  return WIZARD_STEPS.findIndex((s) => s.slug === slug);
}

/** The step where a field (as the server names it in `details.issues`) is edited. */
export function stepForField(field: string): WizardStep {
  const found = WIZARD_STEPS.find((s) => (s.fields as readonly string[]).includes(field));
  return found ?? WIZARD_STEPS[0];
}

export type PlaceType = 'venue' | 'online';

/** What the wizard's inputs hold: every value a string, as the inputs give them. */
export interface EventForm {
  title: string;
  summary: string;
  category: EventCategory;
  description: string;
  startAt: string;
  endAt: string;
  timeZone: string;
  placeType: PlaceType;
  venueName: string;
  address: string;
  city: string;
  onlineUrl: string;
  visibility: EventVisibility;
  feeMode: FeeMode;
  /** Buyers may pay offline (decision 025); the hours a confirmed offline order holds. */
  offlinePayment: boolean;
  offlineHoldHours: string;
  /** Buyers may transfer their orders to someone else (decision 033). */
  allowTransfers: boolean;
  /**
   * Until when buyers may name their tickets' holders (decision 080), as the event's wall
   * clock; '' for "until the event starts".
   */
  ticketNamesUntil: string;
  /** The Paystack channels checkout offers, comma-separated (issue 15 §1). */
  paystackChannels: string;
}

export type EventFormField = keyof EventForm;

export function formFromEvent(event: ManageEventDto): EventForm {
  return {
    title: event.title,
    summary: event.summary ?? '',
    category: event.category,
    description: event.description ?? '',
    startAt: event.startLocal ?? '',
    endAt: event.endLocal ?? '',
    timeZone: event.timeZone || EVENT_DEFAULT_TIME_ZONE,
    placeType:
      event.onlineUrl && !event.venueName && !event.address && !event.city ? 'online' : 'venue',
    venueName: event.venueName ?? '',
    address: event.address ?? '',
    city: event.city ?? '',
    onlineUrl: event.onlineUrl ?? '',
    visibility: event.visibility,
    feeMode: event.feeMode,
    offlinePayment: event.offlinePayment,
    offlineHoldHours: String(event.offlineHoldHours),
    allowTransfers: event.allowTransfers,
    ticketNamesUntil: instantToLocalInput(
      event.ticketNamesUntil,
      event.timeZone || EVENT_DEFAULT_TIME_ZONE,
    ),
    paystackChannels: event.paystackChannels.join(','),
  };
}

/**
 * The PATCH body that saves one step. An online event drops its venue and a venue event its
 * link, so what the organiser sees chosen is what buyers see.
 */
export function patchForStep(slug: StepSlug, form: EventForm): UpdateEventBody {
  switch (slug) {
    case 'details':
      return {
        title: form.title,
        summary: form.summary,
        category: form.category,
        description: form.description,
      };
    case 'date-place': {
      const online = form.placeType === 'online';
      return {
        startAt: form.startAt,
        endAt: form.endAt,
        timeZone: form.timeZone,
        venueName: online ? null : form.venueName,
        address: online ? null : form.address,
        city: online ? null : form.city,
        onlineUrl: online ? form.onlineUrl : null,
      };
    }
    case 'tickets':
      return {
        feeMode: form.feeMode,
        offlinePayment: form.offlinePayment,
        ...(form.offlinePayment ? { offlineHoldHours: Number(form.offlineHoldHours) } : {}),
        allowTransfers: form.allowTransfers,
        ticketNamesUntil: form.ticketNamesUntil
          ? (localInputToInstant(form.ticketNamesUntil, form.timeZone) ?? form.ticketNamesUntil)
          : null,
        paystackChannels: form.paystackChannels
          .split(',')
          .filter(Boolean) as UpdateEventBody['paystackChannels'],
      };
    case 'review':
      return { visibility: form.visibility };
    default:
      return {};
  }
}

/** The form fields a step's PATCH carries, to know whether it has unsaved changes. */
export const STEP_FORM_FIELDS: Record<StepSlug, EventFormField[]> = {
  details: ['title', 'summary', 'category', 'description'],
  'date-place': [
    'startAt',
    'endAt',
    'timeZone',
    'placeType',
    'venueName',
    'address',
    'city',
    'onlineUrl',
  ],
  tickets: [
    'feeMode',
    'offlinePayment',
    'offlineHoldHours',
    'allowTransfers',
    'ticketNamesUntil',
    'paystackChannels',
  ],
  media: [],
  review: ['visibility'],
};

/** One thing wrong, named by the field it belongs to (the server's `details.issues`). */
export interface Issue {
  field: string;
  message: string;
}

/** The issues of a failed call's `details`, when it carries any. */
export function issuesFromDetails(details: unknown): Issue[] {
  if (!details || typeof details !== 'object' || !('issues' in details)) return [];
  const list = (details as { issues: unknown }).issues;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { field, message } = item as { field?: unknown; message?: unknown };
    return typeof message === 'string'
      ? [{ field: typeof field === 'string' ? field : '', message }]
      : [];
  });
}

/** The first message per field. */
export function messagesByField(issues: Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) if (!(issue.field in out)) out[issue.field] = issue.message;
  return out;
}

/** Checks a body with a shared contract: the first message per field, or {} when valid. */
export function contractIssues(schema: z.ZodType, body: unknown): Issue[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: typeof issue.path[0] === 'string' ? issue.path[0] : '',
    message: issue.message,
  }));
}

/**
 * Fields saved together or not at all: the times are read in the zone sent with them, and
 * a place is a venue or a link (saving half of it would clear the other half).
 */
const SAVED_TOGETHER: readonly (readonly EventFormField[])[] = [
  ['startAt', 'endAt', 'timeZone'],
  ['placeType', 'venueName', 'address', 'city', 'onlineUrl'],
];

/**
 * The form fields a step must not save yet: those the contract refuses, with the fields
 * saved together with them. Everything else of the step can be saved as it stands.
 */
export function heldBackFields(issues: Issue[]): Set<string> {
  const held = new Set(issues.map((i) => i.field));
  for (const group of SAVED_TOGETHER)
    if (group.some((f) => held.has(f))) for (const f of group) held.add(f);
  return held;
}

/** The body without the held-back fields. */
export function withoutFields(body: UpdateEventBody, held: Set<string>): UpdateEventBody {
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => !held.has(key)),
  ) as UpdateEventBody;
}

/**
 * What a sellable event still needs, by the rules the server applies when publishing
 * (title, future start, end after start, a place, a ticket type), so the review step can
 * show a checklist before the organiser presses Publish. The server has the last word.
 */
export function readinessIssues(event: ManageEventDto, now: Date = new Date()): Issue[] {
  const issues: Issue[] = [];
  if (!event.title.trim()) issues.push({ field: 'title', message: 'Add a title.' });
  const start = event.startAt ? new Date(event.startAt) : null;
  const end = event.endAt ? new Date(event.endAt) : null;
  if (!start) issues.push({ field: 'startAt', message: 'Set when the event starts.' });
  else if (event.status === 'draft' && start.getTime() <= now.getTime())
    issues.push({ field: 'startAt', message: 'The start time must be in the future.' });
  if (!end) issues.push({ field: 'endAt', message: 'Set when the event ends.' });
  else if (start && end.getTime() <= start.getTime())
    issues.push({ field: 'endAt', message: 'The end time must be after the start time.' });
  if (!event.onlineUrl) {
    const venue = [
      { field: 'venueName', value: event.venueName, message: 'Add the venue name.' },
      { field: 'address', value: event.address, message: 'Add the venue address.' },
      { field: 'city', value: event.city, message: 'Add the city.' },
    ];
    if (venue.every((v) => !v.value))
      issues.push({
        field: 'venue',
        message: 'Add a venue (name, address and city) or an online link.',
      });
    else for (const v of venue) if (!v.value) issues.push({ field: v.field, message: v.message });
  }
  if (event.ticketTypes.length === 0)
    issues.push({ field: 'ticketTypes', message: 'Add at least one ticket type.' });
  return issues;
}

/**
 * The changes to a published event that people who already hold tickets should hear
 * about: when and where it happens.
 */
export function buyerAffectingChanges(saved: EventForm, edited: EventForm): string[] {
  const changes: string[] = [];
  if (saved.startAt !== edited.startAt || saved.endAt !== edited.endAt) changes.push('the time');
  if (saved.timeZone !== edited.timeZone) changes.push('the time zone');
  const place = (f: EventForm) =>
    f.placeType === 'online'
      ? `online:${f.onlineUrl.trim()}`
      : `venue:${f.venueName.trim()}|${f.address.trim()}|${f.city.trim()}`;
  if (place(saved) !== place(edited)) changes.push('the place');
  return changes;
}
