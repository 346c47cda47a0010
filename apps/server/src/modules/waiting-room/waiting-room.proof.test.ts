import { createChallenge, solveChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it, vi } from 'vitest';
import { createJoinChallenge, verifyJoinProof, type JoinProof } from './waiting-room.proof.ts';

/**
 * The join check's HMAC by node:crypto (decision 100) stays altcha-lib's format both ways:
 * what we sign, the library verifies; what the library signs, we verify; what either refuses
 * (tampered, wrong key, wrong counter, ended), the other refuses too.
 */
const KEY = 'test-signing-key';
const claims = { roomId: 'room-1', visitorId: 'visitor-1' };
const secret = `${KEY}:waiting-room-proof`;

async function solved(challenge: Challenge): Promise<JoinProof> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('not solved');
  return { challenge, solution } as unknown as JoinProof;
}

const libraryVerifies = async (proof: JoinProof) =>
  (
    await verifySolution({
      challenge: proof.challenge as unknown as Challenge,
      solution: proof.solution as never,
      deriveKey,
      hmacSignatureSecret: secret,
    })
  ).verified;

describe('the join check, signed and checked with node:crypto', () => {
  it('signs as altcha-lib signs: the library verifies our challenge, and we verify its', async () => {
    const ours = await solved(await createJoinChallenge(KEY, claims, 100));
    expect(verifyJoinProof(KEY, ours, claims)).toBe(true);
    expect(await libraryVerifies(ours)).toBe(true);

    const theirs = await solved(
      await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: 60,
        deriveKey,
        data: { r: claims.roomId, v: claims.visitorId },
        expiresAt: new Date(Date.now() + 60_000),
        hmacSignatureSecret: secret,
      }),
    );
    expect(verifyJoinProof(KEY, theirs, claims)).toBe(true);
  });

  it('refuses what altcha-lib refuses: a changed parameter, another key, a wrong counter or key', async () => {
    const proof = await solved(await createJoinChallenge(KEY, claims, 100));
    const c = proof.challenge as unknown as Challenge;
    const changed = {
      ...proof,
      challenge: { ...c, parameters: { ...c.parameters, keyPrefix: '0' } },
    } as unknown as JoinProof;
    const wrongCounter = {
      ...proof,
      solution: { ...proof.solution, counter: (proof.solution.counter as number) + 1 },
    } as JoinProof;
    const wrongKey = {
      ...proof,
      solution: { ...proof.solution, derivedKey: '00'.repeat(32) },
    } as JoinProof;
    for (const bad of [changed, wrongCounter, wrongKey]) {
      expect(verifyJoinProof(KEY, bad, claims)).toBe(false);
      expect(await libraryVerifies(bad)).toBe(false);
    }
    expect(verifyJoinProof('another-key', proof, claims)).toBe(false);
    // Another room's or another visitor's challenge.
    expect(verifyJoinProof(KEY, proof, { ...claims, visitorId: 'visitor-2' })).toBe(false);
    expect(verifyJoinProof(KEY, proof, { ...claims, roomId: 'room-2' })).toBe(false);
  });

  it('refuses a challenge past its ten minutes, and not before', async () => {
    const proof = await solved(await createJoinChallenge(KEY, claims, 100));
    try {
      vi.useFakeTimers({ now: Date.now() + 9 * 60_000, toFake: ['Date'] });
      expect(verifyJoinProof(KEY, proof, claims)).toBe(true);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect(verifyJoinProof(KEY, proof, claims)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
