import { z } from 'zod';

// Zod 4 probes `new Function('')` to decide whether to compile fast parsers; the server's
// CSP (script-src 'self') forbids it and Chromium reports a violation. Jitless parsing
// avoids the probe; our forms and answers are small, so the speed-up is not missed.
z.config({ jitless: true });
