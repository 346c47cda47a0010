import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * Solves the pre-queue's proof-of-work challenge as the browser does (decision 055), with
 * the same library: the body of POST /waiting-room/{slug}/join.
 */
export async function solveJoinChallenge(challenge: unknown) {
  const c = challenge as Challenge;
  const solution = await solveChallenge({ challenge: c, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the challenge was not solved in time');
  return { proof: { challenge: c, solution } };
}
