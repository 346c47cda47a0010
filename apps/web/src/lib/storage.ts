/** Local storage key of the session token (spec §3, §9). */
export const TOKEN_KEY = 'token';

/**
 * Local storage can be missing (tests, private modes that throw on access), so every
 * access is guarded and a failure behaves like an empty store.
 */
export function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export const tokenStorage = {
  get(): string | null {
    try {
      return localStore()?.getItem(TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  },
  /** Saves the token, or removes it when the value is empty (spec §4). */
  set(token: string | null | undefined): void {
    try {
      if (token) localStore()?.setItem(TOKEN_KEY, token);
      else localStore()?.removeItem(TOKEN_KEY);
    } catch {
      // Storage full or blocked: the session still works until the page reloads.
    }
  },
  remove(): void {
    tokenStorage.set(null);
  },
};

/** The persisted stores' storage engine (lib/persist.tsx) over local storage. */
export const persistLocalStorage = {
  getItem(key: string): Promise<string | null> {
    try {
      return Promise.resolve(localStore()?.getItem(key) ?? null);
    } catch {
      return Promise.resolve(null);
    }
  },
  setItem(key: string, value: string): Promise<void> {
    try {
      localStore()?.setItem(key, value);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
  removeItem(key: string): Promise<void> {
    try {
      localStore()?.removeItem(key);
    } catch {
      // Nothing to remove from a blocked store.
    }
    return Promise.resolve();
  },
};

/**
 * Teams (issue 13): the organiser the user works for, sent as `x-gatepass-organiser` on
 * every call (the same name as the contract's ORGANISER_HEADER; spelled here so the entry
 * bundle loads no contracts, decision 020). Not one of the spec's keys.
 */
export const WORKSPACE_KEY = 'gatepass.workspace';
/** A door device's own random id, made once per browser (`x-gatepass-device`). */
export const DEVICE_KEY = 'gatepass.device';
export const ORGANISER_HEADER_NAME = 'x-gatepass-organiser';
export const DEVICE_HEADER_NAME = 'x-gatepass-device';

const workspaceListeners = new Set<() => void>();

export const workspaceStorage = {
  /** The chosen organiser id, or null for the server's default (the user's own account). */
  get(): string | null {
    try {
      return localStore()?.getItem(WORKSPACE_KEY) ?? null;
    } catch {
      return null;
    }
  },
  set(organiserId: string | null): void {
    if (organiserId === workspaceStorage.get()) return;
    try {
      if (organiserId) localStore()?.setItem(WORKSPACE_KEY, organiserId);
      else localStore()?.removeItem(WORKSPACE_KEY);
    } catch {
      // Blocked storage: calls go to the default workspace.
    }
    for (const listener of workspaceListeners) listener();
  },
  /** React's useSyncExternalStore contract. */
  subscribe(listener: () => void): () => void {
    workspaceListeners.add(listener);
    return () => workspaceListeners.delete(listener);
  },
};

/** This browser's door device id: random, made at the first door call, then kept. */
export function doorDeviceId(): string {
  const store = localStore();
  try {
    const known = store?.getItem(DEVICE_KEY);
    if (known) return known;
  } catch {
    // Fall through to a new id.
  }
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('');
  try {
    store?.setItem(DEVICE_KEY, id);
  } catch {
    // Not kept: this page's calls still share the id below.
  }
  return id;
}
