// The web build resolves `zod` to this module (vite.config.ts), so zod is configured before
// any schema is built, in whichever chunk first needs zod, and pages that never parse
// anything do not load it at all (decision 020).
//
// Zod 4 probes `new Function('')` at schema construction to decide whether to compile fast
// parsers; the server's CSP (script-src 'self') forbids it and Chromium reports a
// violation. Jitless parsing avoids the probe; our forms and answers are small, so the
// speed-up is not missed.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
