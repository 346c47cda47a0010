import { ManagePlaceholder } from './manage-placeholder.tsx';

export function ManageAllRoute() {
  return (
    <ManagePlaceholder
      title="My events"
      subtitle="Every event you organise, drafts included."
      panelTitle="Your events will be listed here"
      createAction
    >
      Create, publish and manage your events from this page.
    </ManagePlaceholder>
  );
}
