import {
  formatNaira,
  transferOrderBody,
  type ManageOrderDto,
  type TransferOrderBody,
} from '@gatepass/shared';
import { useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { TestPaidBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Drawer } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/form-controls.tsx';
import { FormInput, useContractForm } from '../../../components/ui/form.tsx';
import { HolderFields } from '../../../components/ui/holder-fields.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { NewHolderSummary } from '../../../components/ui/transfer-confirm.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrder } from '../api/get-order.ts';
import { useMarkPaid } from '../api/mark-paid.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { useResendTickets } from '../api/resend-tickets.ts';
import { useTransferOrder } from '../api/transfer-order.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

type Pending = 'mark-paid' | 'cancel' | 'refund' | 'transfer' | null;

const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/** The order opened from the list, in a side panel, with what the organiser may do to it. */
export function OrderDrawer({
  orderId,
  onClose,
}: {
  orderId: string | undefined;
  onClose: () => void;
}) {
  const query = useOrder(orderId);
  const order = query.data?.id === orderId ? query.data : undefined;
  return (
    <Drawer
      open={Boolean(orderId)}
      onClose={onClose}
      title={
        <span className="flex flex-wrap items-center gap-2">
          Order <span className="font-mono">{order?.orderCode ?? '…'}</span>
          {order ? <OrderStatusBadge status={order.status} /> : null}
          {order?.testPayment ? <TestPaidBadge /> : null}
        </span>
      }
      description={
        order ? `${order.firstName} ${order.lastName} · ${order.event.title}` : undefined
      }
      footer={order ? <OrderActions order={order} /> : undefined}
    >
      {order ? (
        <OrderDetail order={order} />
      ) : query.isError ? (
        <Alert tone="error">
          This order could not be loaded. It may not exist or not be yours.
        </Alert>
      ) : (
        <BlockSpinner label="Loading order…" className="py-16" />
      )}
    </Drawer>
  );
}

/** The simple actions' dialogs: what they ask, their buttons, and the fallback success toast. */
const ACTION_DIALOGS = {
  'mark-paid': {
    title: 'Mark this order as paid?',
    confirmLabel: 'Mark paid',
    busyLabel: 'Marking paid...',
    done: 'Order marked as paid.',
    tone: 'primary',
  },
  cancel: {
    title: 'Cancel this order?',
    confirmLabel: 'Cancel order',
    busyLabel: 'Cancelling...',
    done: 'Order cancelled.',
    tone: 'danger',
  },
  refund: {
    title: 'Refund this order?',
    confirmLabel: 'Refund order',
    busyLabel: 'Refunding...',
    done: 'Order refunded.',
    tone: 'danger',
  },
} as const;

function OrderActions({ order }: { order: ManageOrderDto }) {
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const resend = useResendTickets();
  const markPaid = useMarkPaid();
  const cancel = useCancelOrder();
  const refund = useRefundOrder();
  const transfer = useTransferOrder();
  const to = useContractForm(transferOrderBody, {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const { actions } = order;
  const none =
    !actions.resendTickets &&
    !actions.markPaid &&
    !actions.cancel &&
    !actions.refund &&
    !actions.transfer;

  /** The new holder from the transfer form, waiting for "Yes, transfer" (decision 050). */
  const [review, setReview] = useState<TransferOrderBody | null>(null);

  const close = () => {
    setPending(null);
    setReview(null);
    setReason('');
    to.reset();
  };
  const submitTransfer = async () => {
    if (!review) return;
    try {
      // The code this drawer shows: refused if the order changed hands since it was opened.
      const result = await transfer.mutateAsync({
        id: order.id,
        to: { ...review, orderCode: order.orderCode },
      });
      toast.success(result.message ?? 'Order transferred.');
      close();
    } catch {
      // The API client already showed the error toast; back to the form, values kept.
      setReview(null);
    }
  };
  const run = async (
    mutate: (input: { id: string; reason?: string }) => Promise<{ message: string | undefined }>,
    fallback: string,
  ) => {
    try {
      const result = await mutate({
        id: order.id,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      toast.success(result.message ?? fallback);
      close();
    } catch {
      // The API client already showed the error toast; the dialog stays open to retry.
    }
  };

  if (none) {
    return <p className="text-sm text-slate-600">Nothing more can be done with this order.</p>;
  }

  /** The dialog of a simple action: its texts from ACTION_DIALOGS, the mutation it runs. */
  const actionDialog = (
    kind: keyof typeof ACTION_DIALOGS,
    mutation: { isPending: boolean; mutateAsync: Parameters<typeof run>[0] },
    body: ReactNode,
  ) => {
    const { done, ...texts } = ACTION_DIALOGS[kind];
    return (
      <ConfirmDialog
        open={pending === kind}
        onClose={close}
        {...texts}
        busy={mutation.isPending}
        onConfirm={() => void run(mutation.mutateAsync, done)}
      >
        {body}
      </ConfirmDialog>
    );
  };

  const reasonField = (
    <TextArea
      label="Reason"
      optional
      hint="Kept in the order's history."
      rows={2}
      maxLength={500}
      value={reason}
      onChange={(e) => setReason(e.target.value)}
    />
  );

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions.resendTickets ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={resend.isPending}
            onClick={() => {
              resend.mutate(
                { id: order.id },
                { onSuccess: (r) => toast.success(r.message ?? `Tickets sent to ${order.email}.`) },
              );
            }}
          >
            {resend.isPending ? 'Sending...' : 'Resend tickets'}
          </Button>
        ) : null}
        {actions.markPaid ? (
          <Button size="sm" onClick={() => setPending('mark-paid')}>
            Mark paid
          </Button>
        ) : null}
        {actions.transfer ? (
          <Button variant="secondary" size="sm" onClick={() => setPending('transfer')}>
            Transfer
          </Button>
        ) : null}
        {actions.cancel ? (
          <Button variant="secondary" size="sm" onClick={() => setPending('cancel')}>
            Cancel order
          </Button>
        ) : null}
        {actions.refund ? (
          <Button
            variant="secondary"
            size="sm"
            className="text-red-700 ring-red-200 hover:bg-red-50"
            onClick={() => setPending('refund')}
          >
            Refund
          </Button>
        ) : null}
      </div>

      {actionDialog(
        'mark-paid',
        markPaid,
        <>
          <p>
            Do this once you have received <strong>{formatNaira(order.totalPrice)}</strong> from{' '}
            {order.firstName} {order.lastName} by bank transfer or at the venue.
          </p>
          <p>The order is completed and the tickets are mailed to {order.email}.</p>
        </>,
      )}

      {/* One dialog, two steps: who receives the order, then that person shown for a last
          check before anything is sent (decision 050). */}
      <ConfirmDialog
        open={pending === 'transfer'}
        onClose={review ? () => setReview(null) : close}
        title={
          review ? `Transfer to ${review.firstName} ${review.lastName}?` : 'Transfer this order?'
        }
        confirmLabel={review ? 'Yes, transfer' : 'Continue'}
        busyLabel="Transferring..."
        busy={transfer.isPending}
        onConfirm={() =>
          review ? void submitTransfer() : void to.handleSubmit((holder) => setReview(holder))()
        }
      >
        {review ? (
          <NewHolderSummary
            holder={review}
            tickets={order.quantity === 1 ? 'ticket' : tickets(order.quantity)}
            oldCode={order.orderCode}
          />
        ) : (
          <>
            <p>
              The {tickets(order.quantity)} go to someone else on {order.firstName}&apos;s behalf.
              They are mailed a new ticket with a new code; code{' '}
              <span className="font-mono">{order.orderCode}</span> stops working at once, and{' '}
              {order.email} is told.
            </p>
            <HolderFields form={to} className="gap-3" />
            <FormInput
              form={to}
              name="phone"
              label="Phone (optional)"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              hint="Given, the new holder also gets the ticket by SMS."
            />
          </>
        )}
      </ConfirmDialog>

      {actionDialog(
        'cancel',
        cancel,
        <>
          <p>
            The {tickets(order.quantity)} of order{' '}
            <span className="font-mono">{order.orderCode}</span> go back on sale and the order can
            no longer be paid or used at the door.
          </p>
          {reasonField}
        </>,
      )}

      {actionDialog(
        'refund',
        refund,
        <>
          {order.status === 'completed' && order.waitingList ? (
            <p data-testid="refund-tickets-go">
              The {tickets(order.quantity)} {order.quantity === 1 ? 'goes' : 'go'} to the waiting
              list first:{' '}
              {order.waitingList === 1
                ? 'the person waiting is'
                : `the first of the ${order.waitingList} people waiting are`}{' '}
              offered them, and only what nobody claims returns to sale. The order&apos;s QR code no
              longer lets anyone in.
            </p>
          ) : order.status === 'completed' ? (
            <p data-testid="refund-tickets-go">
              The {tickets(order.quantity)} {order.quantity === 1 ? 'returns' : 'return'} to sale:
              the event&apos;s capacity goes back up by {order.quantity}, and the order&apos;s QR
              code no longer lets anyone in.
            </p>
          ) : (
            <p>
              This order holds no tickets: only the money it could not take goes back, and its
              status stays {order.status}.
            </p>
          )}
          {order.payment.method === 'paystack' ? (
            <p>
              Gatepass asks Paystack to pay {formatNaira(order.totalPrice)} back to the buyer first
              (the way they paid; it reaches them within days). If Paystack refuses, nothing changes
              and you will see why.
            </p>
          ) : (
            <p>
              Gatepass records the refund of {formatNaira(order.totalPrice)}; the money itself goes
              back to the buyer outside Gatepass (return it the way they paid).
            </p>
          )}
          {order.status === 'completed' ? (
            <p>
              The buyer is told by mail (and SMS, if they gave a phone) what comes back and when.
            </p>
          ) : null}
          {reasonField}
        </>,
      )}
    </>
  );
}
