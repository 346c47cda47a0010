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

/**
 * The redux-persist storage engine over local storage. Written here rather than imported
 * from 'redux-persist/lib/storage', whose CommonJS default export reaches an ES bundle
 * as a module object instead of the engine.
 */
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
