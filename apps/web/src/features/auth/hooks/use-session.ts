import { useSelector } from 'react-redux';
import { selectAuth, type AuthState } from '../auth-slice.ts';

/** The current session from the auth store. */
export function useSession(): AuthState {
  return useSelector(selectAuth);
}
