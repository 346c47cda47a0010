import type { JoinQueueBody, QueueStatusDto } from '@gatepass/shared';

type Proof = NonNullable<JoinQueueBody['proof']>;

/**
 * Solves the pre-queue's proof-of-work check in this browser (decision 055) with altcha-lib,
 * loaded only here: the rest of the app never carries it. About a second on a mid-range
 * phone at the server's default difficulty. Needs Web Crypto (HTTPS, or localhost).
 */
export async function solveCheck(
  challenge: NonNullable<QueueStatusDto['challenge']>,
  signal: AbortSignal,
): Promise<Proof | undefined> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort());
  const c = challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge: c, deriveKey, controller, timeout: 120_000 });
  if (!solution) return undefined;
  return { challenge, solution };
}
