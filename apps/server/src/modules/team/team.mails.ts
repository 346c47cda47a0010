import { ROLE_LABELS, TEAM_LIMITS, type MemberRole } from '@gatepass/shared';
import { aboutLink, type NewMail } from '../mail/mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ROLE_WORK: Record<MemberRole, string> = {
  manager: 'manage events, orders, marketing and finances',
  door: 'check tickets in at the door',
};

/** The invitation: who invites, to do what, for which events, and the single-use link. */
export function invitationMail(
  to: string,
  organiserName: string,
  role: MemberRole,
  eventTitles: string[] | null,
  link: string,
): NewMail {
  const events = eventTitles === null ? 'all their events' : eventTitles.join(', ');
  const text = [
    'Hello,',
    '',
    `${organiserName} invited you to their Gatepass team as ${ROLE_LABELS[role]}: you will ${ROLE_WORK[role]} for ${events}, with your own login.`,
    '',
    'To accept, open this link, then sign up or log in with this email address:',
    link,
    '',
    `The link works once, for ${TEAM_LIMITS.invitationTtlDays} days. If you did not expect it, ignore this mail.`,
  ].join('\n');
  const html = `<p>Hello,</p><p><strong>${escape(organiserName)}</strong> invited you to their Gatepass team as <strong>${ROLE_LABELS[role]}</strong>: you will ${ROLE_WORK[role]} for ${escape(events)}, with your own login.</p><p><a href="${escape(link)}">Accept the invitation</a></p><p>Or paste this link into your browser: ${escape(link)}</p><p>Sign up or log in with this email address. The link works once, for ${TEAM_LIMITS.invitationTtlDays} days. If you did not expect it, ignore this mail.</p>`;
  return {
    kind: 'team-invitation',
    to,
    about: aboutLink(link),
    subject: `${organiserName} invited you to their Gatepass team`,
    text,
    html,
  };
}
