import {
  combineReducers,
  configureStore,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import * as reduxPersist from 'redux-persist';
import { describe, expect, it } from 'vitest';
import { authReducer, loginSuccess } from '../features/auth/auth-slice.ts';
import { createEvent, eventReducer } from '../features/events/event-slice.ts';
import { createTicket, ticketReducer } from '../features/events/ticket-slice.ts';
import { persistReducer, persistStore, type PersistStorage } from '../lib/persist.tsx';

const user = {
  id: 'u1',
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phoneNumber: '+2348030000000',
  emailVerified: true,
  createdAt: '2026-11-01T09:00:00.000Z',
};

function memoryStorage(items = new Map<string, string>()): PersistStorage & {
  items: Map<string, string>;
} {
  return {
    items,
    getItem: (key) => Promise.resolve(items.get(key) ?? null),
    setItem: (key, value) => {
      items.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key: string) => {
      items.delete(key);
      return Promise.resolve();
    },
  } as PersistStorage & { items: Map<string, string> };
}

const rootReducer = combineReducers({
  auth: authReducer,
  event: eventReducer,
  ticket: ticketReducer,
});
const config = (storage: PersistStorage, timeout = 5000) => ({
  key: 'root',
  storage,
  whitelist: ['auth', 'event'],
  timeout,
});

function ourStore(storage: PersistStorage, timeout?: number) {
  const store = configureStore({
    reducer: persistReducer(config(storage, timeout), rootReducer),
  });
  const persistor = persistStore(store, config(storage, timeout));
  const ready = new Promise<void>((resolve) => {
    if (persistor.bootstrapped()) resolve();
    else persistor.subscribe(resolve);
  });
  return { store, persistor, ready };
}

function libraryStore(storage: PersistStorage) {
  const store = configureStore({
    reducer: reduxPersist.persistReducer(
      config(storage) as never,
      rootReducer as Reducer<ReturnType<typeof rootReducer>, UnknownAction>,
    ),
    middleware: (getDefault) => getDefault({ serializableCheck: false }),
  });
  let persistor!: reduxPersist.Persistor;
  const ready = new Promise<void>((resolve) => {
    persistor = reduxPersist.persistStore(store, null, resolve);
  });
  return { store, persistor, ready };
}

describe('persisted stores (decision 091)', () => {
  it('reads a session redux-persist wrote, under persist:root', async () => {
    const storage = memoryStorage();
    const old = libraryStore(storage);
    await old.ready;
    old.store.dispatch(loginSuccess({ token: 'tok-1', user }));
    old.store.dispatch(createEvent({ _id: 'e1', title: 'Afrobeats Night' }));
    await old.persistor.flush();
    expect(storage.items.get('persist:root')).toMatch(/loggedIn\\?"\s*:\s*true/);

    const next = ourStore(storage);
    await next.ready;
    const state = next.store.getState();
    expect(state.auth).toEqual({ loggedIn: true, token: 'tok-1', user });
    expect(state.event.event).toEqual({ _id: 'e1', title: 'Afrobeats Night' });
    expect(state._persist).toEqual({ version: -1, rehydrated: true });
  });

  it('writes what redux-persist reads back, and only the persisted stores', async () => {
    const storage = memoryStorage();
    const ours = ourStore(storage);
    await ours.ready;
    ours.store.dispatch(loginSuccess({ token: 'tok-2', user }));
    ours.store.dispatch(createTicket({ _id: 't1', name: 'Regular' }));
    await ours.persistor.flush();
    const stored = JSON.parse(storage.items.get('persist:root') ?? '{}') as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'auth', 'event']);

    const old = libraryStore(storage);
    await old.ready;
    expect(old.store.getState().auth).toEqual({ loggedIn: true, token: 'tok-2', user });
    expect(old.store.getState().ticket.tickets).toEqual([]);
  });

  it('writes a change on the next task without a flush', async () => {
    const storage = memoryStorage();
    const ours = ourStore(storage);
    await ours.ready;
    ours.store.dispatch(loginSuccess({ token: 'tok-3', user }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(storage.items.get('persist:root')).toContain('tok-3');
  });

  it('starts from the defaults when the stored state does not come within the timeout', async () => {
    const never: PersistStorage = {
      getItem: () => new Promise<string | null>(() => undefined),
      setItem: () => Promise.resolve(),
    };
    const ours = ourStore(never, 30);
    expect(ours.persistor.bootstrapped()).toBe(false);
    await ours.ready;
    expect(ours.store.getState().auth.loggedIn).toBe(false);
    expect(ours.store.getState()._persist.rehydrated).toBe(true);
  });

  it('starts from the defaults when the stored state is unreadable', async () => {
    const ours = ourStore(memoryStorage(new Map([['persist:root', '{not json']])));
    await ours.ready;
    expect(ours.store.getState().auth.token).toBeNull();
  });
});
