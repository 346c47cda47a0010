import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { PersistGate } from 'redux-persist/integration/react';
import { queryClient } from './query-client.ts';
import { persistor, store } from './store.ts';

/**
 * Stores, server data and toasts. Nothing under PersistGate renders until the persisted
 * state is back (spec §4); the toast settings are the spec's §9.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </PersistGate>
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        theme="light"
        newestOnTop
      />
    </ReduxProvider>
  );
}
