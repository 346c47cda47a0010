import { createPlainSlice } from '../../lib/slice.ts';

/** A ticket in the list being edited (spec §3): matched by `_id`. Not persisted. */
export interface TicketItem {
  _id: string;
  [field: string]: unknown;
}

export interface TicketState {
  tickets: TicketItem[];
}

export const initialTicketState: TicketState = { tickets: [] };

const ticketSlice = createPlainSlice('ticket', initialTicketState, {
  setTickets: (_state: TicketState, tickets: TicketItem[]): TicketState => ({ tickets }),
  createTicket: (state: TicketState, ticket: TicketItem): TicketState => ({
    tickets: [...state.tickets, ticket],
  }),
  /** Replaces the fields of the ticket with the same `_id`; unknown ids change nothing. */
  updateTicket: (state: TicketState, ticket: TicketItem): TicketState =>
    state.tickets.some((t) => t._id === ticket._id)
      ? { tickets: state.tickets.map((t) => (t._id === ticket._id ? { ...t, ...ticket } : t)) }
      : state,
  removeTicket: (state: TicketState, id: string): TicketState => ({
    tickets: state.tickets.filter((t) => t._id !== id),
  }),
  clearTickets: (): TicketState => initialTicketState,
});

export const { setTickets, createTicket, updateTicket, removeTicket, clearTickets } =
  ticketSlice.actions;
export const ticketReducer = ticketSlice.reducer;
export const selectTickets = (state: { ticket: TicketState }): TicketItem[] => state.ticket.tickets;
