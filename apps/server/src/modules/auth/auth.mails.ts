import { LIMITS } from '@gatepass/shared';
import type { NewMail } from '../mail/mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationMail(to: string, fullName: string, code: string): NewMail {
  const text = [
    `Hello ${fullName},`,
    '',
    `Your Gatepass verification code is ${code}.`,
    `It expires in ${LIMITS.verificationCodeTtlMinutes} minutes.`,
    '',
    'If you did not create a Gatepass account, you can ignore this mail.',
  ].join('\n');
  const html = `<p>Hello ${escape(fullName)},</p><p>Your Gatepass verification code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>It expires in ${LIMITS.verificationCodeTtlMinutes} minutes.</p><p>If you did not create a Gatepass account, you can ignore this mail.</p>`;
  return {
    kind: 'verify-email',
    to,
    subject: `Your Gatepass verification code: ${code}`,
    text,
    html,
  };
}

export function passwordResetMail(to: string, fullName: string, link: string): NewMail {
  const text = [
    `Hello ${fullName},`,
    '',
    'Someone asked to reset the password of your Gatepass account. To choose a new one, open:',
    link,
    '',
    `The link works once, for ${LIMITS.resetTokenTtlMinutes} minutes. If it was not you, ignore this mail; your password stays as it is.`,
  ].join('\n');
  const html = `<p>Hello ${escape(fullName)},</p><p>Someone asked to reset the password of your Gatepass account.</p><p><a href="${escape(link)}">Choose a new password</a></p><p>Or paste this link into your browser: ${escape(link)}</p><p>The link works once, for ${LIMITS.resetTokenTtlMinutes} minutes. If it was not you, ignore this mail; your password stays as it is.</p>`;
  return { kind: 'password-reset', to, subject: 'Reset your Gatepass password', text, html };
}
