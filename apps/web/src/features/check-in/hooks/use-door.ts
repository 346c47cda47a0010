import { useEffect, useState, useSyncExternalStore } from 'react';
import { getDoorOrders } from '../api/get-door-orders.ts';
import { markAttended } from '../api/mark-attended.ts';
import { localStore } from '../../../lib/storage.ts';
import { DoorController } from '../lib/door-controller.ts';
import { doorStore } from '../lib/door-storage.ts';

function deviceStore() {
  const storage = localStore();
  return storage ? doorStore(storage) : undefined;
}

/**
 * The door of one event: a DoorController wired to the API, local storage, the clock and
 * the browser's online/offline and visibility events. Mount it under a key of the event
 * id, so another event gets a fresh controller.
 */
export function useDoor(eventId: string) {
  const [controller] = useState(
    () =>
      new DoorController({
        eventId,
        storage: deviceStore(),
        fetchOrders: getDoorOrders,
        markAttended: (id, ticketCodes, quiet) => markAttended(id, ticketCodes, { quiet }),
        online: () => navigator.onLine,
        now: () => Date.now(),
        log: console,
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
      }),
  );

  useEffect(() => {
    controller.start();
    const onNetwork = () => controller.setOnline(navigator.onLine);
    const onVisible = () => {
      if (document.visibilityState === 'visible') controller.resume();
    };
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      document.removeEventListener('visibilitychange', onVisible);
      controller.stop();
    };
  }, [controller]);

  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  return { controller, state };
}
