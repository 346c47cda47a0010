import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageFinanciesRoute() {
  return (
    <ManagePlaceholder
      title="Finances"
      subtitle="Sales, fees and payouts in naira."
      panelTitle="Finances are coming soon"
    >
      Your revenue, fees and payouts will be summarised here.
    </ManagePlaceholder>
  );
}
