import { MarketingPage } from '../../../features/marketing/pages/marketing-page.tsx';

export function ManageMarketingRoute() {
  return <MarketingPage />;
}
