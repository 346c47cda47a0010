import { createContext } from 'react';

/**
 * Whether someone is signed in, provided by the app's root layout so shared hooks
 * (lib/workspace.ts) can know it without importing the auth feature. A module of its own
 * so the entry bundle carries no more than the context.
 */
export const SignedInContext = createContext(false);
