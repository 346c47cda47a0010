import type { ManageEventDto } from '@gatepass/shared';
import { updateEventBody } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import {
  buyerAffectingChanges,
  contractIssues,
  formFromEvent,
  heldBackFields,
  issuesFromDetails,
  messagesByField,
  patchForStep,
  readinessIssues,
  stepForField,
  withoutFields,
} from './wizard.ts';

const event = (over: Partial<ManageEventDto> = {}): ManageEventDto => ({
  id: 'e1',
  slug: 'jazz-night',
  title: 'Jazz Night',
  summary: null,
  category: 'Music',
  coverImageId: null,
  coverUrl: null,
  venueName: 'Terra Kulture',
  city: 'Lagos',
  startAt: '2030-12-05T18:00:00.000Z',
  endAt: '2030-12-05T22:00:00.000Z',
  timeZone: 'Africa/Lagos',
  status: 'draft',
  ended: false,
  visibility: 'public',
  url: '/events/jazz-night',
  description: null,
  address: '1376 Tiamiyu Savage St',
  onlineUrl: null,
  startLocal: '2030-12-05T19:00',
  endLocal: '2030-12-05T23:00',
  feeMode: 'pass',
  offlinePayment: false,
  allowTransfers: true,
  ticketNamesUntil: null,
  paystackChannels: ['card', 'bank_transfer', 'ussd', 'bank'],
  offlineHoldHours: 72,
  cancelReason: null,
  cancelledAt: null,
  publishedAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ticketTypes: [
    {
      id: 't1',
      name: 'Regular',
      description: null,
      price: 5000,
      capacity: 100,
      sold: 0,
      held: 0,
      remaining: 100,
      minPerOrder: 1,
      maxPerOrder: 10,
      salesStartAt: null,
      salesEndAt: null,
      position: 0,
      hidden: false,
      availability: 'on_sale',
      kind: 'regular',
      suggestedPrice: null,
      admits: 1,
      accessCodes: [],
    },
  ],
  sold: 0,
  held: 0,
  capacity: 100,
  gross: 0,
  ...over,
});

const now = new Date('2030-06-01T00:00:00Z');

describe('wizard steps', () => {
  it('sends each server field to the step that edits it', () => {
    expect(stepForField('title').slug).toBe('details');
    expect(stepForField('venue').slug).toBe('date-place');
    expect(stepForField('endAt').slug).toBe('date-place');
    expect(stepForField('ticketTypes').slug).toBe('tickets');
    expect(stepForField('something-new').slug).toBe('details');
  });
});

describe('the form', () => {
  it('reads the wall-clock times and the place kind from the event', () => {
    const form = formFromEvent(event());
    expect(form).toMatchObject({
      startAt: '2030-12-05T19:00',
      placeType: 'venue',
      summary: '',
    });
    expect(
      formFromEvent(event({ venueName: null, address: null, city: null, onlineUrl: 'https://x.y' }))
        .placeType,
    ).toBe('online');
  });

  it('saves an online event without a venue, and a venue event without a link', () => {
    const form = { ...formFromEvent(event()), onlineUrl: 'https://meet.example' };
    expect(patchForStep('date-place', form)).toMatchObject({
      venueName: 'Terra Kulture',
      onlineUrl: null,
    });
    expect(patchForStep('date-place', { ...form, placeType: 'online' })).toMatchObject({
      venueName: null,
      address: null,
      city: null,
      onlineUrl: 'https://meet.example',
    });
  });

  it("keeps the naming cut-off as the event's wall clock and saves it as an instant (decision 080)", () => {
    const form = formFromEvent(event({ ticketNamesUntil: '2030-12-04T17:00:00.000Z' }));
    expect(form.ticketNamesUntil).toBe('2030-12-04T18:00');
    expect(patchForStep('tickets', form)).toMatchObject({
      ticketNamesUntil: '2030-12-04T17:00:00.000Z',
    });
    expect(patchForStep('tickets', { ...form, ticketNamesUntil: '' })).toMatchObject({
      ticketNamesUntil: null,
    });
    expect(contractIssues(updateEventBody, patchForStep('tickets', form))).toEqual([]);
  });

  it('checks a step with the shared contract, with its sentences', () => {
    const form = { ...formFromEvent(event()), title: ' ', onlineUrl: 'meet.example' };
    const issues = contractIssues(updateEventBody, patchForStep('details', form));
    expect(messagesByField(issues)).toEqual({ title: 'Title is required.' });
    const place = contractIssues(
      updateEventBody,
      patchForStep('date-place', { ...form, placeType: 'online' }),
    );
    expect(messagesByField(place).onlineUrl).toMatch(/http/);
  });

  it('says an end before the start beside the end, as the server would, before any PATCH', () => {
    const form = { ...formFromEvent(event()), endAt: '2030-12-05T18:00' };
    const issues = contractIssues(updateEventBody, patchForStep('date-place', form));
    expect(messagesByField(issues)).toEqual({
      endAt: 'The end time must be after the start time.',
    });
  });

  it('holds back what the contract refuses, with the fields saved together with it', () => {
    const form = {
      ...formFromEvent(event()),
      endAt: '2030-12-05T18:00',
      venueName: 'Muson Centre',
    };
    const body = patchForStep('date-place', form);
    const held = heldBackFields(contractIssues(updateEventBody, body));
    expect([...held].sort()).toEqual(['endAt', 'startAt', 'timeZone']);
    expect(withoutFields(body, held)).toEqual({
      venueName: 'Muson Centre',
      address: '1376 Tiamiyu Savage St',
      city: 'Lagos',
      onlineUrl: null,
    });
    // A bad link holds the whole place back: half of it would clear the venue.
    const online = patchForStep('date-place', { ...form, placeType: 'online', onlineUrl: 'x' });
    const heldPlace = heldBackFields(contractIssues(updateEventBody, online));
    expect(heldPlace.has('venueName')).toBe(true);
    expect(heldPlace.has('placeType')).toBe(true);
  });
});

describe('server issues', () => {
  it('reads details.issues and keeps the first message per field', () => {
    const issues = issuesFromDetails({
      issues: [
        { field: 'startAt', message: 'Set when the event starts.' },
        { field: 'startAt', message: 'second' },
        { field: 'venue', message: 'Add a venue.' },
        { nonsense: true },
      ],
    });
    expect(messagesByField(issues)).toEqual({
      startAt: 'Set when the event starts.',
      venue: 'Add a venue.',
    });
    expect(issuesFromDetails(undefined)).toEqual([]);
    expect(issuesFromDetails({ issues: 'x' })).toEqual([]);
  });
});

describe('readiness', () => {
  it('finds nothing missing on a complete draft', () => {
    expect(readinessIssues(event(), now)).toEqual([]);
  });

  it('lists every missing item at once', () => {
    const fields = readinessIssues(
      event({
        startAt: null,
        endAt: null,
        venueName: null,
        address: null,
        city: null,
        ticketTypes: [],
      }),
      now,
    ).map((i) => i.field);
    expect(fields).toEqual(['startAt', 'endAt', 'venue', 'ticketTypes']);
  });

  it('names the half of a venue that is missing, and a past start', () => {
    const issues = readinessIssues(
      event({ address: null, startAt: '2020-01-01T00:00:00Z', endAt: '2020-01-01T03:00:00Z' }),
      now,
    );
    expect(issues.map((i) => i.field)).toEqual(['startAt', 'address']);
  });
});

describe('changes that affect buyers', () => {
  it('notices a new time or place, not a new title', () => {
    const saved = formFromEvent(event());
    expect(buyerAffectingChanges(saved, { ...saved, title: 'New' })).toEqual([]);
    expect(
      buyerAffectingChanges(saved, { ...saved, startAt: '2030-12-06T19:00', city: 'Abuja' }),
    ).toEqual(['the time', 'the place']);
  });
});
