import { z } from 'zod';

/** Success bodies are `{ data, message? }` (DESIGN §3). */
export interface Envelope<T> {
  data: T;
  message?: string;
}

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ data, message: z.string().optional() });

export const messageEnvelope = z.object({
  data: z.object({ message: z.string() }),
  message: z.string(),
});

export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
