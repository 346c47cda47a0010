import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A ticket in the list being edited (spec §3): matched by `_id`. Not persisted. */
export interface TicketItem {
  _id: string;
  [field: string]: unknown;
}

export interface TicketState {
  tickets: TicketItem[];
}

export const initialTicketState: TicketState = { tickets: [] };

const ticketSlice = createSlice({
  name: 'ticket',
  initialState: initialTicketState,
  reducers: {
    setTickets(state, action: PayloadAction<TicketItem[]>) {
      state.tickets = action.payload;
    },
    createTicket(state, action: PayloadAction<TicketItem>) {
      state.tickets.push(action.payload);
    },
    /** Replaces the fields of the ticket with the same `_id`; unknown ids change nothing. */
    updateTicket(state, action: PayloadAction<TicketItem>) {
      const index = state.tickets.findIndex((t) => t._id === action.payload._id);
      const current = state.tickets[index];
      if (current) state.tickets[index] = { ...current, ...action.payload };
    },
    removeTicket(state, action: PayloadAction<string>) {
      state.tickets = state.tickets.filter((t) => t._id !== action.payload);
    },
    clearTickets() {
      return initialTicketState;
    },
  },
});

export const { setTickets, createTicket, updateTicket, removeTicket, clearTickets } =
  ticketSlice.actions;
export const ticketReducer = ticketSlice.reducer;
export const selectTickets = (state: { ticket: TicketState }): TicketItem[] => state.ticket.tickets;
