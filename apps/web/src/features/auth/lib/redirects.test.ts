import { describe, expect, it } from 'vitest';
import {
  destinationAfterLogin,
  emailFromState,
  invitationTokenFrom,
  invitedEmailFrom,
  isMaskedEmail,
  joinReturnFrom,
  loginStateFor,
} from './redirects.ts';

describe('destinationAfterLogin', () => {
  it('goes to /events/manage/home when nothing was remembered', () => {
    expect(destinationAfterLogin(undefined)).toBe('/events/manage/home');
    expect(destinationAfterLogin(null)).toBe('/events/manage/home');
    expect(destinationAfterLogin({})).toBe('/events/manage/home');
  });

  it('returns to the origin location the guard passed along, with query and hash', () => {
    const state = loginStateFor({
      pathname: '/events/manage/orders',
      search: '?page=2',
      hash: '#top',
    });
    expect(destinationAfterLogin(state)).toBe('/events/manage/orders?page=2#top');
  });

  it('accepts a plain path', () => {
    expect(destinationAfterLogin({ from: '/events' })).toBe('/events');
  });

  it('returns to the home page when Login was clicked there', () => {
    expect(destinationAfterLogin(loginStateFor({ pathname: '/' }))).toBe('/');
  });

  it('refuses other sites and auth pages', () => {
    expect(destinationAfterLogin({ from: '//evil.example/x' })).toBe('/events/manage/home');
    expect(destinationAfterLogin({ from: 'https://evil.example' })).toBe('/events/manage/home');
    expect(destinationAfterLogin({ from: { pathname: '/login' } })).toBe('/events/manage/home');
    expect(destinationAfterLogin({ from: { pathname: '/signup/' } })).toBe('/events/manage/home');
    expect(destinationAfterLogin({ from: { pathname: 42 } })).toBe('/events/manage/home');
  });
});

describe('emailFromState', () => {
  it('reads a non-blank email', () => {
    expect(emailFromState({ email: ' ada@example.com ' })).toBe('ada@example.com');
    expect(emailFromState({ email: '' })).toBeUndefined();
    expect(emailFromState(null)).toBeUndefined();
  });
});

describe('joinReturnFrom (teams: an invitee back on their join link)', () => {
  it('keeps the team join page with its token, and nothing else', () => {
    const join = { pathname: '/team/join', search: '?token=abc', hash: '' };
    expect(joinReturnFrom({ from: join })).toEqual(join);
    expect(joinReturnFrom({ from: { pathname: '/events/manage/orders', search: '' } })).toBe(
      undefined,
    );
    expect(joinReturnFrom({ from: '/team/join?token=abc' })).toBeUndefined();
    expect(joinReturnFrom({ email: 'a@example.com' })).toBeUndefined();
    expect(joinReturnFrom(null)).toBeUndefined();
    // The join page is not an auth page: login returns to it.
    expect(destinationAfterLogin({ from: join })).toBe('/team/join?token=abc');
  });
});

describe('sign-up from a team invitation (issue 24 §2)', () => {
  const state = {
    from: { pathname: '/team/join', search: '?token=abcdefghijklmnopqrstuvwxyz', hash: '' },
    invitedEmail: 's•••••d@example.com',
  };

  it('reads the link token and the masked address the join page passed on', () => {
    expect(invitationTokenFrom(state)).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(invitedEmailFrom(state)).toBe('s•••••d@example.com');
    expect(isMaskedEmail(invitedEmailFrom(state))).toBe(true);
    expect(isMaskedEmail('steward@example.com')).toBe(false);
    expect(isMaskedEmail(undefined)).toBe(false);
  });

  it('takes a token only from the join page', () => {
    expect(invitationTokenFrom({ from: { pathname: '/events', search: '?token=x' } })).toBe(
      undefined,
    );
    expect(invitationTokenFrom({ from: { pathname: '/team/join', search: '' } })).toBe(undefined);
    expect(invitedEmailFrom({})).toBe(undefined);
  });
});
