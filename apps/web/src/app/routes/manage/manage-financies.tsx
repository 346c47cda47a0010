import { FinancesPage } from '../../../features/finances/pages/finances-page.tsx';

export function ManageFinanciesRoute() {
  return <FinancesPage />;
}
