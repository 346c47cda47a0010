/**
 * `steward@example.com` → `s•••••d@example.com`: enough for its owner to recognise, not
 * enough to learn it (team invitations, issue 21 §4 and issue 24 §2).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown =
    local.length <= 2 ? local.slice(0, 1) : `${local[0]}${'•'.repeat(5)}${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}
