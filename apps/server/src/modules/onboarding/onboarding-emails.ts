import type { MailMessage } from '../mail/mail.service.ts';

/** Whole hours or days, as a person reads a lifetime: "7 days", "1 hour", "30 minutes". */
export function describeDuration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds >= 86_400 && seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds >= 3600 && seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  return unit(Math.max(1, Math.round(seconds / 60)), 'minute');
}

/** The invitation: who invites, to which organization, the link and how long it works. */
export function inviteEmail(options: {
  organizationId: string;
  organizationName: string;
  to: string;
  inviterName: string;
  link: string;
  ttlSeconds: number;
}): MailMessage {
  return {
    organizationId: options.organizationId,
    to: options.to,
    subject: `You are invited to join ${options.organizationName} on Counterpart`,
    text: [
      'Hello,',
      '',
      `${options.inviterName} invited you to join ${options.organizationName} on Counterpart.`,
      '',
      'Accept the invitation here:',
      options.link,
      '',
      `The link works once, for ${describeDuration(options.ttlSeconds)}, and only for ${options.to}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/** The password reset link: single use, short-lived. */
export function resetEmail(options: { to: string; link: string; ttlSeconds: number }): MailMessage {
  return {
    organizationId: null,
    to: options.to,
    subject: 'Reset your Counterpart password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Counterpart account.',
      'Choose a new password here:',
      options.link,
      '',
      `The link works once, for ${describeDuration(options.ttlSeconds)}.`,
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * To an existing account whose e-mail someone just tried to sign up with: no link (nothing to
 * take over), only where to sign in or reset the password.
 */
export function signupNoticeEmail(options: { to: string; publicUrl: string }): MailMessage {
  return {
    organizationId: null,
    to: options.to,
    subject: 'Someone tried to sign up to Counterpart with your e-mail',
    text: [
      'Hello,',
      '',
      `Someone tried to create a new Counterpart account with ${options.to}, which already has one.`,
      'Nothing was created or changed.',
      '',
      `If it was you, sign in instead: ${options.publicUrl}/`,
      `Forgot your password? Reset it here: ${options.publicUrl}/auth/forgot-password`,
      '',
      'If it was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}
