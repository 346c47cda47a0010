import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageMarketingRoute() {
  return (
    <ManagePlaceholder
      title="Marketing"
      subtitle="Promo codes and ways to spread the word."
      panelTitle="Marketing tools are coming soon"
    >
      Create promo codes and share your events from here.
    </ManagePlaceholder>
  );
}
