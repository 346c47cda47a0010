import {
  emailOnlyBody,
  errorBody,
  loginBody,
  loginResponse,
  meResponse,
  messageEnvelope,
  resetPasswordBody,
  resetTokenCheckBody,
  resetTokenCheckResponse,
  resendVerificationBody,
  signupBody,
  signupResponse,
  verifyEmailBody,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, currentUser, requireUser } from '../../plugins/auth.ts';
import { AUTH_MESSAGES, type AuthService } from './auth.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const message = (text: string) => ({ data: { message: text }, message: text });

/** The spec's §7 auth calls, under /api/v1/auth/user. */
export function authRoutes(auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.post('/signup', {
      schema: {
        tags,
        summary: 'Create an account; mails a 6-digit code',
        body: signupBody,
        response: { 201: signupResponse, ...errors },
      },
      handler: async (request, reply) => {
        const user = await auth.signup(request.body, request.ip);
        return reply.status(201).send({ data: { user }, user, message: AUTH_MESSAGES.signedUp });
      },
    });

    app.post('/verify-email', {
      schema: {
        tags,
        summary: 'Confirm the email with the mailed code',
        body: verifyEmailBody,
        response: { 200: signupResponse, ...errors },
      },
      handler: async (request) => {
        const user = await auth.verifyEmail(request.body, request.ip);
        return { data: { user }, user, message: AUTH_MESSAGES.verified };
      },
    });

    app.post('/resend-verification', {
      schema: {
        tags,
        summary: 'Mail a new verification code',
        body: resendVerificationBody,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        await auth.resendVerificationFor(request.body, request.ip);
        return message(AUTH_MESSAGES.codeSent);
      },
    });

    app.post('/login', {
      schema: {
        tags,
        summary: 'Log in with phone number and password',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
      handler: async (request) => {
        const { token, user } = await auth.login(request.body, request.ip);
        return { data: { token, user }, token, user, message: AUTH_MESSAGES.loggedIn };
      },
    });

    app.post('/forgot-password', {
      schema: {
        tags,
        summary: 'Mail a single-use password reset link (same answer for unknown emails)',
        body: emailOnlyBody,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        await auth.forgotPassword(request.body.email, request.ip);
        return message(AUTH_MESSAGES.resetSent);
      },
    });

    app.post('/reset-password', {
      schema: {
        tags,
        summary: 'Set a new password with a reset link; ends every session',
        body: resetPasswordBody,
        response: { 200: messageEnvelope, ...errors },
      },
      handler: async (request) => {
        await auth.resetPassword(request.body);
        return message(AUTH_MESSAGES.passwordReset);
      },
    });

    app.post('/reset-password/check', {
      schema: {
        tags,
        summary:
          'Whether a reset link still works (valid, used, expired, invalid), without using it',
        body: resetTokenCheckBody,
        response: { 200: resetTokenCheckResponse, ...errors },
      },
      handler: async (request) => ({
        data: { status: await auth.checkResetToken(request.body.token, request.ip) },
      }),
    });

    app.get('/me', {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: meResponse, 401: errorBody },
      },
      preHandler: requireUser(auth),
      handler: async (request) => {
        const user = currentUser(request);
        return { data: { user }, user };
      },
    });

    app.post('/logout', {
      schema: {
        tags,
        summary: 'End this session on the server',
        security: [{ bearer: [] }],
        body: z.unknown().optional(),
        response: { 200: messageEnvelope, 401: errorBody },
      },
      preHandler: requireUser(auth),
      handler: async (request) => {
        await auth.logout(bearerToken(request)!);
        return message(AUTH_MESSAGES.loggedOut);
      },
    });
  };
}
