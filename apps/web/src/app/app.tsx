import { BrowserRouter, useRoutes } from 'react-router';
import { AppProvider } from './provider.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <BrowserRouter {...(router.basename ? { basename: router.basename } : {})}>
        <RouteErrorBoundary>
          <Routes router={router} />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProvider>
  );
}

function Routes({ router }: { router: AppRouter }) {
  return useRoutes(router.routes);
}
