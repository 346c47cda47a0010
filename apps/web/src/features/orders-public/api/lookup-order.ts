import { LIMITS, orderDto, type OrderDto } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export interface LookupBody {
  orderCode: string;
  email: string;
}

/** The form's own checks, in the words the buyer reads under the fields. */
export const lookupBody = z.object({
  orderCode: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${LIMITS.orderCodeLength}}$`),
      `The order code is the ${LIMITS.orderCodeLength} digits on your ticket.`,
    ),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .pipe(z.email('Please enter a valid email address.')),
});

const lookupAnswer = z.object({
  data: z.object({ order: orderDto, accessToken: z.string() }),
  message: z.string().optional(),
});

export interface FoundOrder {
  order: OrderDto;
  /** Lets this browser read the order again and download its PDF and calendar file. */
  accessToken: string;
}

/**
 * POST /orders/lookup: the order behind a code, once the buyer gives the order's email
 * (the code alone reveals nothing). The server rate-limits it; the page explains a
 * mismatch itself and leaves the rest (429, network) to the global toast.
 */
export async function lookupOrder(body: LookupBody): Promise<FoundOrder> {
  const response = await api.post(
    '/orders/lookup',
    { orderCode: body.orderCode.trim(), email: body.email.trim() },
    { skipErrorToast: true },
  );
  return lookupAnswer.parse(response.data).data;
}

export function useLookupOrder() {
  return useMutation({ mutationKey: ['orders', 'lookup'], mutationFn: lookupOrder });
}
