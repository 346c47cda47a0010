import { QueryClient } from '@tanstack/react-query';

/** Server data cache, one per app; cleared whenever the session ends. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; one quiet retry covers a blip.
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
