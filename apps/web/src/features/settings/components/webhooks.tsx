import { SecretCode } from './secret-code.tsx';
import {
  formatShortDateTime,
  WEBHOOK_EVENT_LABELS,
  type WebhookCreatedDto,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@gatepass/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import { useRedeliverWebhook } from '../api/redeliver-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { WebhookForm } from './webhook-form.tsx';

const ENDPOINT_STATUS: Record<WebhookEndpointDto['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  paused: { label: 'Paused', tone: 'amber' },
  disabled: { label: 'Off', tone: 'gray' },
};

const DELIVERY_STATUS: Record<WebhookDeliveryDto['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Retrying', tone: 'sky' },
  delivered: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  held: { label: 'Held', tone: 'amber' },
};

/**
 * Settings → Webhooks (owner): the endpoints, adding one (its secret shown once), turning
 * one off or on again, deleting it, and each one's delivery log with "Redeliver".
 */
export function Webhooks() {
  const list = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookCreatedDto | null>(null);

  if (list.isPending) return <Spinner label="Loading webhooks…" className="text-indigo-600" />;
  if (list.isError) return <Alert tone="error">Your webhooks could not be loaded.</Alert>;
  const endpoints = list.data;

  return (
    <div className="space-y-5">
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      {endpoints.length === 0 && !adding ? (
        <p className="text-sm text-slate-600">
          No endpoints yet. Add one to send orders, refunds, transfers and check-ins to your own
          tools as they happen.
        </p>
      ) : null}
      <ul className="space-y-4">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id}>
            <Endpoint endpoint={endpoint} />
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <WebhookForm
            onCancel={() => setAdding(false)}
            onCreated={(next) => {
              setCreated(next);
              setAdding(false);
            }}
          />
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      )}
    </div>
  );
}

/** The signing secret, once: after this it is never shown again. */
function NewSecret({ created, onDone }: { created: WebhookCreatedDto; onDone: () => void }) {
  const copy = async () => {
    if (await copyText(created.secret)) toast.success('Secret copied.');
    else toast.error('Copy it by hand: your browser did not allow copying.');
  };
  return (
    <div
      role="status"
      className="space-y-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200"
    >
      <p className="font-semibold">Endpoint added. Copy its signing secret now.</p>
      <p>
        Your receiver checks each delivery&apos;s <code>Gatepass-Signature</code> with it. It is not
        shown again: if it is lost, delete the endpoint and add it anew.
      </p>
      <SecretCode secret={created.secret} testId="webhook-secret" className="rounded-lg text-xs" />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

function Endpoint({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const status = ENDPOINT_STATUS[endpoint.status];

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, enabled },
      {
        onSuccess: () =>
          toast.success(
            enabled
              ? endpoint.status === 'paused'
                ? 'Endpoint resumed: its held deliveries are on their way.'
                : 'Endpoint turned on.'
              : 'Endpoint turned off.',
          ),
      },
    );

  return (
    <article
      aria-label={`Webhook endpoint ${endpoint.url}`}
      className="rounded-xl p-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="mt-0.5 text-sm text-slate-600">{endpoint.description}</p>
          ) : null}
        </div>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(' · ')}
      </p>
      {endpoint.status === 'paused' ? (
        <p
          role="status"
          className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          Paused{endpoint.pausedAt ? ` on ${formatShortDateTime(endpoint.pausedAt)}` : ''}: every
          delivery failed for a day. What happened since is kept; resume once your receiver works to
          send it.
        </p>
      ) : endpoint.failingSince ? (
        <p className="mt-2 text-sm text-amber-800">
          Failing since {formatShortDateTime(endpoint.failingSince)}; retried with backoff, paused
          after a day.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {endpoint.status === 'active' ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => setEnabled(false)}
          >
            Turn off
          </Button>
        ) : (
          <Button size="sm" disabled={update.isPending} onClick={() => setEnabled(true)}>
            {endpoint.status === 'paused' ? 'Resume' : 'Turn on'}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {showLog ? (
        <DeliveryLog endpointId={endpoint.id} active={endpoint.status === 'active'} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Webhook endpoint deleted.');
            },
          })
        }
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busyLabel="Deleting…"
        busy={remove.isPending}
        tone="danger"
      >
        Nothing more is sent to {endpoint.url}, and its delivery log goes with it.
      </ConfirmDialog>
    </article>
  );
}

function DeliveryLog({ endpointId, active }: { endpointId: string; active: boolean }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  if (deliveries.isPending)
    return <Spinner label="Loading deliveries…" className="mt-3 text-indigo-600" />;
  if (deliveries.isError)
    return (
      <Alert tone="error" className="mt-3">
        The deliveries could not be loaded.
      </Alert>
    );
  if (deliveries.data.length === 0)
    return (
      <p className="mt-3 text-sm text-slate-600">Nothing has been sent to this endpoint yet.</p>
    );
  return (
    <ul
      aria-label="Deliveries"
      className="mt-3 divide-y divide-slate-100 border-t border-slate-100"
    >
      {deliveries.data.map((d) => {
        const status = DELIVERY_STATUS[d.status];
        return (
          <li
            key={d.id}
            data-testid="webhook-delivery"
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-3 text-sm sm:grid-cols-[minmax(0,2fr)_auto_minmax(0,1fr)_auto]"
          >
            <div className="min-w-0">
              <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[d.event]}</span>
              <span className="block truncate font-mono text-xs text-slate-500">{d.id}</span>
            </div>
            <div className="text-right sm:text-left">
              <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
              <span className="block text-xs text-slate-500">
                {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
            </div>
            <div className="min-w-0 text-slate-600">
              <span className="sr-only">Answer </span>
              <span className="font-mono text-slate-900">{d.lastStatusCode ?? '—'}</span>
              <span className="ml-2">{formatShortDateTime(d.lastAttemptAt ?? d.createdAt)}</span>
              {d.lastError && d.status !== 'delivered' ? (
                <span className="block text-xs text-slate-500">{d.lastError}</span>
              ) : null}
            </div>
            <div className="text-right">
              <Button
                size="sm"
                variant="ghost"
                disabled={!active || d.status === 'pending' || redeliver.isPending}
                onClick={() =>
                  redeliver.mutate(
                    { endpointId, deliveryId: d.id },
                    { onSuccess: () => toast.success('Delivery queued again.') },
                  )
                }
              >
                Redeliver
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
