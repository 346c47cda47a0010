import { createPlainSlice } from '../../lib/slice.ts';

/**
 * The event being created or edited (spec §3: "one current event, with createEvent and
 * updateEvent actions"). Its fields are the event wizard's business; the store keeps
 * whatever the wizard puts in.
 */
export interface EventDraft {
  _id?: string;
  [field: string]: unknown;
}

export interface EventState {
  event: EventDraft | null;
}

export const initialEventState: EventState = { event: null };

const eventSlice = createPlainSlice('event', initialEventState, {
  /** Starts a new current event, replacing any previous one. */
  createEvent: (_state: EventState, event: EventDraft): EventState => ({ event }),
  /** Merges changed fields into the current event (creating it when there is none). */
  updateEvent: (state: EventState, fields: Partial<EventDraft>): EventState => ({
    event: { ...(state.event ?? {}), ...fields },
  }),
  clearEvent: (): EventState => initialEventState,
});

export const { createEvent, updateEvent, clearEvent } = eventSlice.actions;
export const eventReducer = eventSlice.reducer;
export const selectCurrentEvent = (state: { event: EventState }): EventDraft | null =>
  state.event.event;
