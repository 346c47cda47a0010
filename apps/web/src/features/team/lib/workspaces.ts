import { isMemberRole, ROLE_LABELS, type TeamRole } from '@gatepass/shared';

/** "all events", "Lagos Jazz Night", "Lagos Jazz Night and Afrobeat Live", "A, B and 2 more". */
export function eventsLabel(events: readonly { title: string }[] | null): string {
  if (events === null) return 'all events';
  if (events.length === 0) return 'no events';
  const titles = events.map((e) => e.title);
  if (titles.length <= 2) return titles.join(' and ');
  if (titles.length === 3) return `${titles[0]}, ${titles[1]} and ${titles[2]}`;
  return `${titles[0]}, ${titles[1]} and ${titles.length - 2} more`;
}

/** "Door steward for Lagos Jazz Night", "Manager for all events", "Owner". */
export function roleScopeLabel(
  role: TeamRole,
  events: readonly { title: string }[] | null,
): string {
  if (!isMemberRole(role)) return ROLE_LABELS[role];
  return `${ROLE_LABELS[role]} for ${eventsLabel(events)}`;
}
