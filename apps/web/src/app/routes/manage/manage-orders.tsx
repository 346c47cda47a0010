import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageOrdersRoute() {
  return (
    <ManagePlaceholder
      title="Orders"
      subtitle="Every ticket order across your events."
      panelTitle="Orders are coming soon"
    >
      Search, export and refund orders here.
    </ManagePlaceholder>
  );
}
