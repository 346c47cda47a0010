import type { UserDto } from '@gatepass/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createPlainSlice } from '../../lib/slice.ts';

/** The session (spec §3): persisted with the event store under one root key. */
export interface AuthState {
  loggedIn: boolean;
  user: UserDto | null;
  token: string | null;
}

export const initialAuthState: AuthState = { loggedIn: false, user: null, token: null };

const authSlice = createPlainSlice('auth', initialAuthState, {
  /** Login: token stored, user stored, authenticated flag true (spec §4). */
  loginSuccess: (_state: AuthState, payload: { token: string; user: UserDto }): AuthState => ({
    token: payload.token,
    user: payload.user,
    loggedIn: true,
  }),
  /** Signup: user stored; no token and no authenticated flag until the email is verified. */
  signupSuccess: (_state: AuthState, user: UserDto): AuthState => ({
    user,
    token: null,
    loggedIn: false,
  }),
  /** Saves the token, or clears it when empty; local storage follows (see tokenWriteFor). */
  setToken: (state: AuthState, token: string | null | undefined): AuthState => ({
    ...state,
    token: token || null,
  }),
  /** Clears user, token and the logged-in flag; the stored token is removed too. */
  logout: (): AuthState => initialAuthState,
});

export const { loginSuccess, signupSuccess, setToken, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;

/**
 * What an auth action means for the token kept in local storage under 'token':
 * a string to save, null to remove, undefined to leave alone. Pure, so it is testable;
 * the store's listener performs the write.
 */
export function tokenWriteFor(action: UnknownAction): string | null | undefined {
  if (loginSuccess.match(action)) return action.payload.token;
  if (setToken.match(action)) return action.payload || null;
  if (logout.match(action)) return null;
  if (signupSuccess.match(action)) return null;
  return undefined;
}
