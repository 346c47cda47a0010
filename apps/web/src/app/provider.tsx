import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from '../lib/persist.tsx';
import { toastDemand } from '../lib/toast.ts';
import { queryClient } from './query-client.ts';
import { persistor, store } from './store.ts';

/**
 * Stores, server data and toasts. Nothing under PersistGate renders until the persisted
 * state is back (spec §4); the toast settings are the spec's §9.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <PersistGate persistor={persistor}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </PersistGate>
      <Toasts />
    </ReduxProvider>
  );
}

const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify')).ToastContainer,
}));

/** The toast container mounts with the first toast (lib/toast.ts loads the library then). */
function Toasts() {
  const wanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        theme="light"
        newestOnTop
        // Below the fixed navbar (h-16, and the test-mode strip above it when there is one),
        // so a toast never covers its Login or account button.
        style={{
          top: 'calc(var(--test-banner, 0px) + 4rem + 0.75rem + env(safe-area-inset-top))',
        }}
      />
    </Suspense>
  );
}
