import type { Config } from '../config.ts';
import type { Wiring } from './services.ts';

/**
 * The background jobs of one process: the outbox's dispatcher, the webhook deliveries, the hold sweeper, the
 * waiting list's offer sweeper, unused images, changed wallet passes and the tracking
 * links' view counts, the attendees' reminders. Answers how to stop
 * them all (on close, before the database goes).
 */
export function startJobs(config: Config, { services: s, sandbox }: Wiring): () => Promise<void> {
  s.mail.start();
  s.webhooks.start();
  s.orders.start();
  s.waitlist.start(config.holdSweepIntervalMs);
  s.media.start();
  s.wallet.start();
  s.tracking.start();
  s.messages.start();
  return async () => {
    await s.messages.stop();
    await s.tracking.stop();
    sandbox?.close();
    await s.wallet.stop();
    s.orders.stop();
    s.waitlist.stop();
    await s.media.stop();
    await s.mail.stop();
    await s.webhooks.stop();
  };
}
