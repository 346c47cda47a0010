import { SecretCode } from './secret-code.tsx';
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  createApiTokenBody,
  type ApiTokenDto,
  type ApiTokenScope,
  type CreatedApiTokenDto,
} from '@gatepass/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import {
  FormChoiceCards,
  FormFailure,
  FormInput,
  formError,
  showApiErrors,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatShortDateTime } from '@gatepass/shared';
import { toast } from '../../../lib/toast.ts';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';
import { FormActions } from './settings-section.tsx';

const SCOPE_HELP: Record<ApiTokenScope, string> = {
  read: 'A CRM or spreadsheet: orders and the attendee list, read only.',
  checkin: 'A door system: the attendee list and checking tickets in.',
  manage: 'Your own tools: create, change, publish and cancel events and ticket types.',
};

type TokenForm = { name: string; scope: ApiTokenScope; eventIds?: string[] | null | undefined };
const empty: TokenForm = { name: '', scope: 'read', eventIds: null };

/** Settings → API tokens (issue 26 §2): make one, see its secret once, revoke. Owner only. */
export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const revoke = useRevokeApiToken();

  if (tokens.isPending) return <Spinner label="Loading API tokens…" />;
  if (tokens.isError) {
    const forbidden = isApiError(tokens.error) && tokens.error.response?.status === 403;
    return (
      <Alert tone={forbidden ? 'info' : 'error'}>
        {forbidden
          ? 'Only the account owner can make API tokens.'
          : 'Your API tokens could not be loaded.'}
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      {created ? <SecretOnce created={created} onDone={() => setCreated(null)} /> : null}
      <NewTokenForm onCreated={setCreated} />
      {tokens.data.length ? (
        <ul className="divide-y divide-slate-100" aria-label="API tokens">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {token.name}{' '}
                  <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                    {token.prefix}…
                  </code>
                </p>
                <p className="text-sm text-slate-600">
                  {API_TOKEN_SCOPE_LABELS[token.scope]} ·{' '}
                  {token.events ? token.events.map((e) => e.title).join(', ') : 'All events'}
                </p>
                <p className="text-xs text-slate-500">
                  {token.revokedAt
                    ? `Revoked ${formatShortDateTime(token.revokedAt)}`
                    : token.lastUsedAt
                      ? `Last used ${formatShortDateTime(token.lastUsedAt)}`
                      : 'Never used'}
                </p>
              </div>
              {token.revokedAt ? null : (
                <Button variant="secondary" size="sm" onClick={() => setRevoking(token)}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No API tokens yet.</p>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('API token revoked.');
              setRevoking(null);
            },
          });
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        busyLabel="Revoking…"
        busy={revoke.isPending}
        tone="danger"
      >
        The tool using it is refused from its next request. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}

function NewTokenForm({ onCreated }: { onCreated: (created: CreatedApiTokenDto) => void }) {
  const form = useContractForm(createApiTokenBody, empty);
  const create = useCreateApiToken();
  // The organiser's events, from the app's one list (decision 066).
  const events = useManageEvents();
  const limit = useFieldControl<TokenForm, TokenForm, string[] | null | undefined>(
    form,
    'eventIds',
  );
  const chosen = limit.value ?? [];

  const submit = async () => {
    try {
      const made = await create.mutateAsync(form.getValues());
      onCreated(made);
      form.reset(empty);
    } catch (err) {
      showApiErrors(form, err);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} aria-label="New API token">
      <div className="grid gap-4">
        <FormInput form={form} name="name" label="Name" placeholder="e.g. Door system, CRM" />
        <FormChoiceCards
          form={form}
          name="scope"
          legend="Scope"
          options={API_TOKEN_SCOPES.map((scope) => ({
            value: scope,
            label: API_TOKEN_SCOPE_LABELS[scope],
            description: SCOPE_HELP[scope],
          }))}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={Array.isArray(limit.value)}
              onChange={(e) => limit.onChange(e.target.checked ? [] : null)}
            />
            Only some events
          </label>
          {Array.isArray(limit.value) ? (
            <div className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200">
              {(events.data ?? []).map((event) => (
                <label key={event.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={chosen.includes(event.id)}
                    onChange={(e) =>
                      limit.onChange(
                        e.target.checked
                          ? [...chosen, event.id]
                          : chosen.filter((id) => id !== event.id),
                      )
                    }
                  />
                  {event.title}
                </label>
              ))}
              {events.data?.length === 0 ? (
                <p className="text-sm text-slate-500">You have no events yet.</p>
              ) : null}
            </div>
          ) : null}
          {limit.error ? <p className="mt-1 text-sm text-red-700">{limit.error}</p> : null}
        </fieldset>
      </div>
      <FormFailure>{formError(form)}</FormFailure>
      <FormActions>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Making…' : 'Make token'}
        </Button>
      </FormActions>
    </form>
  );
}

/** The secret, once: copy it now. */
function SecretOnce({ created, onDone }: { created: CreatedApiTokenDto; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Token copied.');
    } catch {
      toast.warning('Select the token and copy it.');
    }
  };
  return (
    <div className="rounded-xl bg-emerald-50 p-4 ring-1 ring-inset ring-emerald-200">
      <p className="text-sm font-semibold text-emerald-900">
        “{created.token.name}” is ready. Copy its token now: it is not shown again.
      </p>
      <SecretCode
        secret={created.secret}
        testId="api-token-secret"
        className="mt-2 rounded text-sm"
      />
      <p className="mt-2 text-xs text-emerald-900">
        Send it as <code>Authorization: Bearer {created.token.prefix}…</code>. The API reference is
        at{' '}
        <a className="underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy token
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
