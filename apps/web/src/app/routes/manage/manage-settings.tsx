import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageSettingsRoute() {
  return (
    <ManagePlaceholder
      title="Settings"
      subtitle="Your organiser profile and preferences."
      panelTitle="Settings are coming soon"
    >
      Organiser details, payout account and notifications will be set here.
    </ManagePlaceholder>
  );
}
