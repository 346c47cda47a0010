import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The persisted stores (spec §3, §4, §9) without the redux-persist library (decision 091):
 * the part of it the app uses, in the same stored format, so a session saved by the
 * earlier build is read by this one and the other way round (`app/persist.test.ts` checks both
 * against redux-persist itself).
 *
 * - Under one root key, `persist:<key>`: a JSON object whose values are the JSON of each
 *   persisted store, plus `_persist` (`{"version":-1,"rehydrated":true}`).
 * - On start-up the stored state is read and dispatched as `persist/REHYDRATE`; each
 *   persisted store takes the stored value unless it changed in the meantime (redux-persist's
 *   `autoMergeLevel1`). Reading gives up after `timeout` ms and starts from the defaults.
 * - Nothing under `PersistGate` renders until then.
 * - Afterwards every change of a persisted store is written on the next task; `flush()`
 *   writes at once.
 */
export const REHYDRATE = 'persist/REHYDRATE';

export interface PersistStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

export interface PersistConfig {
  key: string;
  storage: PersistStorage;
  /** The stores that are persisted (the others start from their defaults on every load). */
  whitelist: string[];
  /** How long start-up waits for the stored state before giving up on it, in ms. */
  timeout: number;
}

interface PersistMark {
  version: number;
  rehydrated: boolean;
}

type State = Record<string, unknown>;
export type Persisted<S> = S & { _persist: PersistMark };

interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload: State | undefined;
}

const isRehydrate = (
  action: UnknownAction,
  key: string,
): action is UnknownAction & RehydrateAction =>
  action.type === REHYDRATE && (action as { key?: unknown }).key === key;

/** The root reducer with `_persist` kept beside the stores and the stored state merged in. */
export function persistReducer<S extends State>(
  config: PersistConfig,
  reducer: Reducer<S, UnknownAction>,
): Reducer<Persisted<S>, UnknownAction> {
  return (state, action) => {
    const { _persist: mark, ...rest } = state ?? ({} as Partial<Persisted<S>>);
    const before = (state ? rest : undefined) as S | undefined;
    const reduced = reducer(before, action);
    if (isRehydrate(action, config.key)) {
      const next: State = { ...reduced };
      const inbound = action.payload;
      if (inbound) {
        for (const key of config.whitelist) {
          // A store changed before the stored state arrived keeps its new value.
          if (key in inbound && (!before || reduced[key] === before[key])) next[key] = inbound[key];
        }
      }
      return { ...next, _persist: { version: -1, rehydrated: true } } as Persisted<S>;
    }
    // Unchanged stores keep the same state object, so nothing re-renders or is written.
    if (state && reduced === before) return state;
    return { ...reduced, _persist: mark ?? { version: -1, rehydrated: false } };
  };
}

/** Reads redux-persist's format: an object of JSON strings, each parsed. */
function parseStored(raw: string | null): State | undefined {
  if (!raw) return undefined;
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(outer).map(([k, v]) => [k, JSON.parse(v) as unknown]),
  ) as State;
}

export interface Persistor {
  /** Writes what has changed now, instead of on the next task. */
  flush(): Promise<void>;
  /** Whether the stored state has been read (or given up on). */
  bootstrapped(): boolean;
  subscribe(listener: () => void): () => void;
}

/** Reads the stored state into the store, then writes every change of a persisted store. */
/** What `persistStore` needs of a Redux store. */
interface StoreLike {
  getState(): unknown;
  dispatch(action: RehydrateAction): unknown;
  subscribe(listener: () => void): unknown;
}

export function persistStore(store: StoreLike, config: PersistConfig): Persistor {
  const storageKey = `persist:${config.key}`;
  const keys = [...config.whitelist, '_persist'];
  const listeners = new Set<() => void>();
  const staged: Record<string, string> = {};
  const last: State = {};
  let ready = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    return config.storage.setItem(storageKey, JSON.stringify(staged)).catch(() => {
      // Storage full or blocked: the session still works until the page reloads.
    });
  };
  const stage = (): boolean => {
    const state = store.getState() as State;
    let changed = false;
    for (const key of keys) {
      if (state[key] === last[key] || state[key] === undefined) continue;
      last[key] = state[key];
      staged[key] = JSON.stringify(state[key]);
      changed = true;
    }
    return changed;
  };
  store.subscribe(() => {
    if (ready && stage() && timer === undefined) timer = setTimeout(() => void write(), 0);
  });

  let sealed = false;
  const rehydrate = (payload: State | undefined) => {
    if (sealed) return;
    sealed = true;
    clearTimeout(giveUp);
    store.dispatch({ type: REHYDRATE, key: config.key, payload } satisfies RehydrateAction);
    ready = true;
    if (stage()) void write();
    for (const listener of listeners) listener();
  };
  const giveUp = setTimeout(() => rehydrate(undefined), config.timeout);
  config.storage.getItem(storageKey).then(
    (raw) => {
      let stored: State | undefined;
      try {
        stored = parseStored(raw);
      } catch {
        stored = undefined; // Unreadable: start from the defaults, as redux-persist does.
      }
      rehydrate(stored);
    },
    () => rehydrate(undefined),
  );

  return {
    flush() {
      if (!ready) return Promise.resolve();
      stage();
      return write();
    },
    bootstrapped: () => ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Renders its children once the stored state is back (spec §4: nothing shows before). */
export function PersistGate({
  persistor,
  children,
}: {
  persistor: Persistor;
  children: ReactNode;
}) {
  const ready = useSyncExternalStore(persistor.subscribe, persistor.bootstrapped, () => false);
  return ready ? children : null;
}
