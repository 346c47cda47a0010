import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { JoinQueueBody } from '@gatepass/shared';

/**
 * The pre-queue's proof of work (issue 21 §5, decision 055), in altcha-lib v2's format and
 * deterministic mode: the server picks a secret counter between work/2 and work, and the
 * browser (altcha-lib's solver) must find it by trying counters from 0, one SHA-256 each.
 * No store, no state.
 *
 * The challenge names its room and its visitor (signed with it), so it is good for one
 * visitor of one room only; a visitor has one place per room, so a spent challenge can
 * give nothing more. It ends after ten minutes.
 *
 * altcha-lib derives the challenge; its HMAC is computed here with node:crypto (decision
 * 100). The library signs and checks with WebCrypto, whose every call is an asynchronous
 * job: at a crowd's gate those HMACs were a quarter of the app's CPU. The signature is the
 * library's own — hex HMAC-SHA-256 of the parameters as key-sorted JSON — and the check is
 * the library's path without a key signature: expiry, signature, then the key re-derived
 * from the counter, equal to the one sent and starting with the signed prefix.
 * `waiting-room.proof.test.ts` holds both ways to altcha-lib's own `verifySolution`.
 */
const ALGORITHM = 'SHA-256';
const LIFETIME_MS = 10 * 60_000;
const MAX_COUNTER = 0xffffffff;

export type JoinProof = NonNullable<JoinQueueBody['proof']>;

const secretOf = (key: string) => `${key}:waiting-room-proof`;

/** altcha-lib's canonical form: object keys sorted at every depth, undefined left out. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((k) => {
        const v = (value as Record<string, unknown>)[k];
        return v === undefined ? [] : [[k, sortKeys(v)]];
      }),
  );
}

const signatureOf = (key: string, parameters: unknown) =>
  createHmac('sha256', secretOf(key))
    .update(JSON.stringify(sortKeys(parameters)))
    .digest('hex');

/** Lowercase hex of whole bytes, as every altcha solver writes it. */
const isHex = (value: unknown): value is string =>
  typeof value === 'string' && /^(?:[0-9a-f]{2})+$/.test(value);

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function createJoinChallenge(
  key: string,
  claims: { roomId: string; visitorId: string },
  work: number,
): Promise<Challenge> {
  // Unsigned from the library (no WebCrypto call), then signed as the library signs.
  const { parameters } = await createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(Math.max(2, work), Math.max(1, Math.floor(work / 2))),
    deriveKey,
    data: { r: claims.roomId, v: claims.visitorId },
    expiresAt: new Date(Date.now() + LIFETIME_MS),
  });
  return { parameters, signature: signatureOf(key, parameters) };
}

/** Whether `proof` solves a challenge this server made for this room and visitor, in time. */
export function verifyJoinProof(
  key: string,
  proof: JoinProof,
  claims: { roomId: string; visitorId: string },
): boolean {
  const { parameters, signature } = proof.challenge as unknown as Challenge;
  const data = parameters.data as Record<string, unknown> | undefined;
  if (
    parameters.algorithm !== ALGORITHM ||
    parameters.cost !== 1 ||
    !data ||
    data.r !== claims.roomId ||
    data.v !== claims.visitorId ||
    typeof signature !== 'string' ||
    typeof parameters.expiresAt !== 'number' ||
    parameters.expiresAt < Date.now() / 1_000
  ) {
    return false;
  }
  if (!sameHex(signature, signatureOf(key, parameters))) return false;
  const { counter, derivedKey } = proof.solution as { counter: unknown; derivedKey: unknown };
  if (
    !isHex(derivedKey) ||
    !Number.isInteger(counter) ||
    (counter as number) < 0 ||
    (counter as number) > MAX_COUNTER ||
    !isHex(parameters.nonce) ||
    !isHex(parameters.salt) ||
    typeof parameters.keyPrefix !== 'string'
  ) {
    return false;
  }
  // The key from the counter: SHA-256(salt ‖ nonce ‖ counter as a big-endian uint32), cut
  // to keyLength bytes (altcha-lib's `sha` deriveKey at cost 1).
  const password = Buffer.alloc(parameters.nonce.length / 2 + 4);
  password.write(parameters.nonce, 'hex');
  password.writeUInt32BE(counter as number, password.length - 4);
  const keyLength = parameters.keyLength ?? 32;
  const expected = createHash('sha256')
    .update(Buffer.from(parameters.salt, 'hex'))
    .update(password)
    .digest()
    .subarray(0, keyLength)
    .toString('hex');
  return sameHex(expected, derivedKey) && expected.startsWith(parameters.keyPrefix.toLowerCase());
}
