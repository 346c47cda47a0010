import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { persistReducer, persistStore, REHYDRATE } from '../lib/persist.tsx';
import { authReducer, loginSuccess, logout, tokenWriteFor } from '../features/auth/auth-slice.ts';
import { hasDoorCache } from '../features/check-in/lib/door-keys.ts';
import { clearEvent, eventReducer } from '../features/events/event-slice.ts';
import { clearTickets, ticketReducer } from '../features/events/ticket-slice.ts';
import { setForbiddenHandler, setUnauthorizedHandler } from '../lib/api-client.ts';
import { endSession } from '../lib/queries/invalidate.ts';
import { localStore, persistLocalStorage, tokenStorage, workspaceStorage } from '../lib/storage.ts';
import { forgetKnownTeams, hasKnownTeams } from '../lib/team-access.ts';
import { queryClient } from './query-client.ts';
import { watchTeamAccess } from './team-access.ts';

const rootReducer = combineReducers({
  auth: authReducer,
  event: eventReducer,
  ticket: ticketReducer,
});

/**
 * Only auth and event are persisted, in local storage under one root key
 * ('persist:root'); rehydration gives up after 5000 ms (spec §3, §9).
 */
export const persistConfig = {
  key: 'root',
  storage: persistLocalStorage,
  whitelist: ['auth', 'event'],
  timeout: 5000,
};

interface Session {
  auth: { token: string | null; loggedIn: boolean; user: { id: string } | null };
}

/**
 * What follows an action in the store, after the reducers have run (Redux Toolkit's
 * listener middleware did this; a plain middleware is 2 KB gzipped less on every first
 * load, decision 090). `before` is the state the action was dispatched on.
 */
const effects: Middleware<object, Session> = (api) => (next) => (action) => {
  const before = api.getState();
  const result = next(action);
  const { type } = action as { type: string };

  // The token also lives under local storage 'token', read by the API client per request.
  const token = tokenWriteFor(action as { type: string });
  if (token !== undefined) {
    tokenStorage.set(token);
    // Write the persisted session now rather than on the next task, so a page
    // loaded right after logging in (or out) already sees it.
    void persistor.flush();
  }

  // On start-up the restored session decides: its token is the one requests carry, and a
  // token left behind without a session is dropped.
  if (type === REHYDRATE) {
    const { auth } = api.getState();
    tokenStorage.set(auth.token);
    // Signed out (here, or in another tab before this page loaded): no door lists stay.
    if (!auth.loggedIn && hasDoorCache(localStore(), 'tickets')) void forgetDoorLists();
    // On a team (or working for another organiser): every page load asks whether the user
    // still is, so a removed member's device forgets that team's lists (decision 053).
    const chosen = workspaceStorage.get();
    const userId = auth.user?.id;
    if (auth.loggedIn && userId && (hasKnownTeams(userId) || (chosen && chosen !== userId))) {
      teamAccess.recheck();
    }
  }

  // A new user on this device starts with no draft event or ticket list of the previous one,
  // and no door list of attendees' names and emails; unsent check-ins stay, as codes only
  // (decision 018).
  if (logout.match(action)) {
    // Teams: another organiser's workspace is not the next user's (their own stays chosen).
    const chosen = workspaceStorage.get();
    if (chosen && chosen !== before.auth.user?.id) workspaceStorage.set(null);
    forgetKnownTeams();
    api.dispatch(clearEvent());
    api.dispatch(clearTickets());
    void forgetDoorLists();
  }

  // Check-ins left unsent at a logout go to the server at the next login (the server takes
  // them only from the event's organiser; others keep waiting, quietly).
  if (loginSuccess.match(action)) void sendUnsentCheckIns();
  return result;
};

async function sendUnsentCheckIns(): Promise<void> {
  if (!hasDoorCache(localStore(), 'validated')) return;
  const [door, { markAttended }] = await Promise.all([
    import('../features/check-in/lib/door-storage.ts'),
    import('../features/check-in/api/mark-attended.ts'),
  ]);
  await door.sendUnsentCheckIns(localStore(), (eventId, codes) =>
    markAttended(eventId, codes, { quiet: true }),
  );
}

/** The door's code loads only when a logout has door lists to clear (decision 018). */
async function forgetDoorLists(): Promise<void> {
  const door = await import('../features/check-in/lib/door-storage.ts');
  door.forgetDoorLists(localStore());
}

export const store = configureStore({
  reducer: persistReducer(persistConfig, rootReducer),
  middleware: (getDefault) => getDefault().prepend(effects),
  // The Redux DevTools extension in development only.
  devTools: import.meta.env.DEV,
});

// Removed from a team: the device forgets that organiser's lists on any page (decision 053).
const teamAccess = watchTeamAccess(queryClient, () => store.getState().auth.user?.id ?? null);
setForbiddenHandler(teamAccess.recheck);

export const persistor = persistStore(store, persistConfig);

// The server refused the token we sent (expired or revoked): end the local session too.
setUnauthorizedHandler(() => {
  if (store.getState().auth.token || tokenStorage.get()) {
    store.dispatch(logout());
    endSession(queryClient);
  }
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
