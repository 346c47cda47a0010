import type { UserDto } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import {
  authReducer,
  initialAuthState,
  loginSuccess,
  logout,
  setToken,
  signupSuccess,
  tokenWriteFor,
} from './auth-slice.ts';

const user: UserDto = {
  id: 'u1',
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phoneNumber: '+2348012345678',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('auth store', () => {
  it('starts logged out with no user or token', () => {
    expect(authReducer(undefined, { type: 'init' })).toEqual({
      loggedIn: false,
      user: null,
      token: null,
    });
  });

  it('login stores token and user and sets the flag', () => {
    const state = authReducer(initialAuthState, loginSuccess({ token: 't0k', user }));
    expect(state).toEqual({ loggedIn: true, user, token: 't0k' });
  });

  it('signup stores the user only: no token, not logged in', () => {
    const state = authReducer(initialAuthState, signupSuccess({ ...user, emailVerified: false }));
    expect(state.loggedIn).toBe(false);
    expect(state.token).toBeNull();
    expect(state.user?.email).toBe('ada@example.com');
  });

  it('setToken saves a token and clears it when empty', () => {
    const withToken = authReducer(initialAuthState, setToken('abc'));
    expect(withToken.token).toBe('abc');
    expect(authReducer(withToken, setToken('')).token).toBeNull();
    expect(authReducer(withToken, setToken(null)).token).toBeNull();
  });

  it('logout clears user, token and flag', () => {
    const loggedIn = authReducer(initialAuthState, loginSuccess({ token: 't', user }));
    expect(authReducer(loggedIn, logout())).toEqual(initialAuthState);
  });
});

describe('tokenWriteFor (local storage key "token")', () => {
  it('saves on login and on a non-empty setToken', () => {
    expect(tokenWriteFor(loginSuccess({ token: 'abc', user }))).toBe('abc');
    expect(tokenWriteFor(setToken('xyz'))).toBe('xyz');
  });
  it('removes on logout, on an empty setToken and on signup', () => {
    expect(tokenWriteFor(logout())).toBeNull();
    expect(tokenWriteFor(setToken(''))).toBeNull();
    expect(tokenWriteFor(signupSuccess(user))).toBeNull();
  });
  it('leaves storage alone for other actions', () => {
    expect(tokenWriteFor({ type: 'event/createEvent' })).toBeUndefined();
  });
});
