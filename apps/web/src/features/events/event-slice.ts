import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

const eventSlice = createSlice({
  name: 'event',
  initialState: initialEventState,
  reducers: {
    /** Starts a new current event, replacing any previous one. */
    createEvent(state, action: PayloadAction<EventDraft>) {
      state.event = action.payload;
    },
    /** Merges changed fields into the current event (creating it when there is none). */
    updateEvent(state, action: PayloadAction<Partial<EventDraft>>) {
      state.event = { ...(state.event ?? {}), ...action.payload };
    },
    clearEvent() {
      return initialEventState;
    },
  },
});

export const { createEvent, updateEvent, clearEvent } = eventSlice.actions;
export const eventReducer = eventSlice.reducer;
export const selectCurrentEvent = (state: { event: EventState }): EventDraft | null =>
  state.event.event;
