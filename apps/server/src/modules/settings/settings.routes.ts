import {
  changeEmailBody,
  changePasswordBody,
  confirmEmailChangeBody,
  envelope,
  errorBody,
  messageEnvelope,
  payoutBanksDto,
  payoutBody,
  resolvedPayoutDto,
  resolvePayoutQuery,
  serverFeaturesDto,
  settingsDto,
  type ServerFeaturesDto,
  updateOrganiserBody,
  updatePreferencesBody,
  updateProfileBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { unauthorized } from '../../lib/errors.ts';
import { bearerToken, currentUser, requireUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { SETTINGS_MESSAGES, type SettingsService } from './settings.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** What this server is set up for, as the settings page shows it (no secret in it). */
export function serverFeatures(config: Config): ServerFeaturesDto {
  return {
    paystack: config.paystackSandbox
      ? 'sandbox'
      : !config.paystackSecretKey
        ? 'off'
        : config.paystackSecretKey.startsWith('sk_live_')
          ? 'live'
          : 'test',
    mail: Boolean(config.smtpUrl),
    sms: Boolean(config.termii),
    appleWallet: Boolean(config.appleWallet),
    googleWallet: Boolean(config.googleWallet),
  };
}

/** The organiser's settings under /api/v1/events/manage/settings (web /events/manage/settings/). */
export function settingsRoutes(
  settings: SettingsService,
  auth: AuthService,
  features: ServerFeaturesDto,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireUser(auth));
    const tags = ['organiser: settings'];
    const security = [{ bearer: [] }];
    const answer = { 200: envelope(settingsDto), ...errors };

    app.get('/', {
      schema: {
        tags,
        security,
        summary: 'Every setting of the signed-in organiser',
        response: answer,
      },
      handler: async (request) => ({ data: await settings.get(currentUser(request).id) }),
    });

    app.get('/features', {
      schema: {
        tags,
        security,
        summary:
          "What this server's operator has turned on (Paystack, mail, SMS, wallet passes), so Settings can say how to turn the rest on",
        response: { 200: envelope(serverFeaturesDto), 401: errorBody },
      },
      handler: async () => ({ data: features }),
    });

    app.patch('/profile', {
      schema: {
        tags,
        security,
        summary:
          'Change full name or phone. An email other than the current one is refused (400): use POST /email.',
        body: updateProfileBody,
        response: answer,
      },
      handler: async (request) => {
        const { settings: data, message } = await settings.updateProfile(
          currentUser(request).id,
          request.body,
        );
        return { data, message };
      },
    });

    app.post('/email', {
      schema: {
        tags,
        security,
        summary:
          'Ask to change the email (current password required; 400 INVALID_CREDENTIALS if wrong). A single-use link goes to the new address and a notice to the old one; the email changes only when the link is confirmed.',
        body: changeEmailBody,
        response: answer,
      },
      handler: async (request) => {
        const { settings: data, message } = await settings.requestEmailChange(
          currentUser(request).id,
          request.body,
        );
        return { data, message };
      },
    });

    app.post('/email/confirm', {
      schema: {
        tags,
        security,
        summary:
          "Confirm the new email with the mailed link's token (signed in as the same account); 400 INVALID_CODE for an unknown, used or expired token.",
        body: confirmEmailChangeBody,
        response: answer,
      },
      handler: async (request) => {
        const { settings: data, message } = await settings.confirmEmailChange(
          currentUser(request).id,
          request.body.token,
        );
        return { data, message };
      },
    });

    app.delete('/email', {
      schema: {
        tags,
        security,
        summary: 'Cancel a pending email change',
        response: answer,
      },
      handler: async (request) => {
        const { settings: data, message } = await settings.cancelEmailChange(
          currentUser(request).id,
        );
        return { data, message };
      },
    });

    app.patch('/organiser', {
      schema: {
        tags,
        security,
        summary:
          'Public name and logo shown to buyers (logo: an image id from POST /media; null removes)',
        body: updateOrganiserBody,
        response: answer,
      },
      handler: async (request) => ({
        data: await settings.updateOrganiser(currentUser(request).id, request.body),
        message: SETTINGS_MESSAGES.saved,
      }),
    });

    app.put('/payout', {
      schema: {
        tags,
        security,
        summary:
          'Set the payout bank account (bank name, 10-digit account number, account name). With Paystack: also bankCode; the account is resolved with Paystack (accountName must be the resolved name, 409 otherwise) and becomes the organiser’s Paystack subaccount',
        body: payoutBody,
        response: { ...answer, 502: errorBody },
      },
      handler: async (request) => ({
        data: await settings.setPayout(currentUser(request).id, request.body),
        message: SETTINGS_MESSAGES.payoutSaved,
      }),
    });

    app.get('/payout/banks', {
      schema: {
        tags,
        security,
        summary:
          "Banks to choose for the payout account (Paystack's list); `paystack: false` where Paystack is not configured",
        response: { 200: envelope(payoutBanksDto), ...errors, 502: errorBody },
      },
      handler: async () => ({ data: await settings.payout.banks() }),
    });

    app.get('/payout/resolve', {
      schema: {
        tags,
        security,
        summary:
          "The account's name at the bank (Paystack's bank account resolution), to confirm before saving",
        querystring: resolvePayoutQuery,
        response: { 200: envelope(resolvedPayoutDto), ...errors, 502: errorBody },
      },
      handler: async (request) => ({ data: await settings.payout.resolve(request.query) }),
    });

    app.delete('/payout', {
      schema: { tags, security, summary: 'Remove the payout bank account', response: answer },
      handler: async (request) => ({
        data: await settings.setPayout(currentUser(request).id, null),
        message: SETTINGS_MESSAGES.payoutRemoved,
      }),
    });

    app.patch('/preferences', {
      schema: {
        tags,
        security,
        summary:
          'Default fee mode of new events, and whether to mail the organiser on each completed order',
        body: updatePreferencesBody,
        response: answer,
      },
      handler: async (request) => ({
        data: await settings.updatePreferences(currentUser(request).id, request.body),
        message: SETTINGS_MESSAGES.saved,
      }),
    });

    app.post('/password', {
      schema: {
        tags,
        security,
        summary:
          'Change the password (current one required; 400 INVALID_CREDENTIALS if wrong). Signs out every other session; this one stays.',
        body: changePasswordBody,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        await settings.changePassword(currentUser(request).id, token, request.body);
        return {
          data: { message: SETTINGS_MESSAGES.passwordChanged },
          message: SETTINGS_MESSAGES.passwordChanged,
        };
      },
    });
  };
}
