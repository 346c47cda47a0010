import { DEFAULT_AFTER_LOGIN, paths } from '../../../config/paths.ts';

/** The part of a router location worth returning to. */
export interface ReturnLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** Router state carried to /login: where the user was (spec §2 "origin location"). */
export interface LoginState {
  from?: ReturnLocation | string;
}

/** Pages that make no sense to return to after logging in. */
const AUTH_PAGES: readonly string[] = [
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.verifyEmail,
  paths.resetPassword,
];

export function loginStateFor(location: ReturnLocation): LoginState {
  return {
    from: { pathname: location.pathname, search: location.search ?? '', hash: location.hash ?? '' },
  };
}

/**
 * Where a successful login goes: the page the user was sent from (only a path on this
 * site, never an auth page), otherwise /events/manage/home (spec §2, §9).
 */
export function destinationAfterLogin(state: unknown): string {
  const from =
    state && typeof state === 'object' && 'from' in state ? (state as LoginState).from : undefined;
  const target =
    typeof from === 'string'
      ? from
      : from && typeof from.pathname === 'string'
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : undefined;
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  const pathname = target.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  if (AUTH_PAGES.includes(pathname)) return DEFAULT_AFTER_LOGIN;
  return target;
}

/** The email carried in router state to /verify-email, when there is one. */
export function emailFromState(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'email' in state) {
    const email = (state as { email: unknown }).email;
    if (typeof email === 'string' && email.trim() !== '') return email.trim();
  }
  return undefined;
}

/**
 * Teams (issue 13): the team join page an invitee left to sign up or log in, carried in
 * router state through signup and email verification so they end back on it. Only that
 * page: after verifying, everyone else goes to / as the spec has it.
 */
export function joinReturnFrom(state: unknown): ReturnLocation | undefined {
  const from =
    state && typeof state === 'object' && 'from' in state ? (state as LoginState).from : undefined;
  if (!from || typeof from === 'string' || typeof from.pathname !== 'string') return undefined;
  if (from.pathname.replace(/\/+$/, '') !== paths.teamJoin()) return undefined;
  return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
}

/**
 * Teams (issue 24 §2, decision 053): an address shown masked (`s•••••d@example.com`) is a
 * team invitation's, not proven yet by whoever holds the link.
 */
export const isMaskedEmail = (email: string | undefined): boolean =>
  email !== undefined && email.includes('•');

/** The link token of the join page carried in router state (its address has it). */
export function invitationTokenFrom(state: unknown): string | undefined {
  const join = joinReturnFrom(state);
  if (!join?.search) return undefined;
  const token = new URLSearchParams(join.search).get('token')?.trim();
  return token || undefined;
}

/** The invited address (masked) the join page passed on to sign-up, when it did. */
export function invitedEmailFrom(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'invitedEmail' in state) {
    const email = (state as { invitedEmail: unknown }).invitedEmail;
    if (typeof email === 'string' && email.trim() !== '') return email.trim();
  }
  return undefined;
}
