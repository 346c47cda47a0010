import { describe, expect, it } from 'vitest';
import { clearEvent, createEvent, eventReducer, updateEvent } from './event-slice.ts';
import {
  clearTickets,
  createTicket,
  removeTicket,
  setTickets,
  ticketReducer,
  updateTicket,
} from './ticket-slice.ts';

describe('event store', () => {
  it('starts with no current event', () => {
    expect(eventReducer(undefined, { type: 'init' })).toEqual({ event: null });
  });
  it('createEvent replaces the current event; updateEvent merges fields', () => {
    let state = eventReducer(undefined, createEvent({ _id: 'e1', title: 'Afrobeats Night' }));
    state = eventReducer(state, updateEvent({ venue: 'Eko Hotel' }));
    expect(state.event).toEqual({ _id: 'e1', title: 'Afrobeats Night', venue: 'Eko Hotel' });
    state = eventReducer(state, createEvent({ title: 'Other' }));
    expect(state.event).toEqual({ title: 'Other' });
    expect(eventReducer(state, clearEvent()).event).toBeNull();
  });
  it('updateEvent with no current event starts one', () => {
    expect(eventReducer(undefined, updateEvent({ title: 'T' })).event).toEqual({ title: 'T' });
  });
});

describe('ticket store', () => {
  const regular = { _id: 't1', name: 'Regular', price: 5000 };
  const vip = { _id: 't2', name: 'VIP', price: 20000 };

  it('creates, updates by _id and removes by _id', () => {
    let state = ticketReducer(undefined, createTicket(regular));
    state = ticketReducer(state, createTicket(vip));
    state = ticketReducer(state, updateTicket({ _id: 't2', price: 25000 }));
    expect(state.tickets).toEqual([regular, { ...vip, price: 25000 }]);
    state = ticketReducer(state, removeTicket('t1'));
    expect(state.tickets).toEqual([{ ...vip, price: 25000 }]);
  });
  it('ignores an update for an unknown _id', () => {
    const state = ticketReducer(undefined, setTickets([regular]));
    expect(ticketReducer(state, updateTicket({ _id: 'nope', name: 'X' })).tickets).toEqual([
      regular,
    ]);
  });
  it('clears the list', () => {
    const state = ticketReducer(undefined, setTickets([regular, vip]));
    expect(ticketReducer(state, clearTickets()).tickets).toEqual([]);
  });
});
