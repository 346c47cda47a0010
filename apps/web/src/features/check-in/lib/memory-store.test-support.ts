import type { DeviceStore } from './door-storage.ts';

/** Local storage in small for the door's tests: ordered keys, as the browser lists them. */
export function memoryStore(initial: Record<string, string> = {}): DeviceStore & {
  data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    key: (index) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}
