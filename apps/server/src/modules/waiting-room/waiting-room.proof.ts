import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { JoinQueueBody } from '@gatepass/shared';

/**
 * The pre-queue's proof of work (issue 21 §5, decision 055), with altcha-lib v2 in its
 * deterministic mode: the server picks a secret counter between work/2 and work, and the
 * browser must find it by trying counters from 0 (one SHA-256 each). Checking a solution
 * is one HMAC of the challenge and one SHA-256: no store, no state.
 *
 * The challenge names its room and its visitor (signed with it), so it is good for one
 * visitor of one room only; a visitor has one place per room, so a spent challenge can
 * give nothing more. It ends after ten minutes.
 */
const ALGORITHM = 'SHA-256';
const LIFETIME_MS = 10 * 60_000;

export type JoinProof = NonNullable<JoinQueueBody['proof']>;

const secretOf = (key: string) => `${key}:waiting-room-proof`;

export function createJoinChallenge(
  key: string,
  claims: { roomId: string; visitorId: string },
  work: number,
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(Math.max(2, work), Math.max(1, Math.floor(work / 2))),
    deriveKey,
    data: { r: claims.roomId, v: claims.visitorId },
    expiresAt: new Date(Date.now() + LIFETIME_MS),
    hmacSignatureSecret: secretOf(key),
  });
}

/** Whether `proof` solves a challenge this server made for this room and visitor, in time. */
export async function verifyJoinProof(
  key: string,
  proof: JoinProof,
  claims: { roomId: string; visitorId: string },
): Promise<boolean> {
  const { parameters } = proof.challenge;
  const data = parameters.data as Record<string, unknown> | undefined;
  if (
    parameters.algorithm !== ALGORITHM ||
    parameters.cost !== 1 ||
    !data ||
    data.r !== claims.roomId ||
    data.v !== claims.visitorId
  ) {
    return false;
  }
  try {
    const result = await verifySolution({
      challenge: proof.challenge as unknown as Challenge,
      solution: proof.solution,
      deriveKey,
      hmacSignatureSecret: secretOf(key),
    });
    return result.verified;
  } catch {
    return false;
  }
}
