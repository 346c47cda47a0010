import type { OrderDto } from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { orderQueryKey } from '../api/get-order.ts';
import { cn } from '../../../lib/cn.ts';
import { WalletIcon } from '../../../components/ui/icons.tsx';

const walletButton = cn(
  'inline-flex items-center justify-center gap-2 rounded-lg bg-black px-4 py-2.5 text-sm font-semibold text-white shadow-sm',
  'transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
);

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" (Apple's and Google's own wording, our
 * own plain buttons) for a completed order, each when the server signs such passes
 * (decisions 043–044). They hang below the order's ticket link.
 */
export function WalletButtons({ order, className }: { order: OrderDto; className?: string }) {
  const { ticketUrl, walletApple, walletGoogle } = order;
  // The checkout's own answers (create, pay) carry no ticket link: read the order once more.
  const queryClient = useQueryClient();
  const unread = order.status === 'completed' && ticketUrl === undefined;
  useEffect(() => {
    if (unread) void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
  }, [unread, order.id, queryClient]);
  if (order.status !== 'completed' || !ticketUrl || (!walletApple && !walletGoogle)) return null;
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)} data-testid="wallet-buttons">
      {walletApple ? (
        <a href={`${ticketUrl}/pass.pkpass`} className={walletButton} download>
          <WalletIcon className="size-5" />
          Add to Apple Wallet
        </a>
      ) : null}
      {walletGoogle ? (
        <a href={`${ticketUrl}/google`} className={walletButton} rel="noopener">
          <WalletIcon className="size-5" />
          Save to Google Wallet
        </a>
      ) : null}
    </div>
  );
}
