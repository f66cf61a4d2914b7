import { z } from 'zod';
import { pageOf } from './common.ts';

/** The four kinds of characters a password mixes: lowercase, uppercase, digits, anything else. */
const CHARACTER_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/** A new password: at least 10 characters, not all of one kind (e.g. not only lowercase letters). */
export const newPasswordSchema = z
  .string({ message: 'Enter a password' })
  .min(10, 'Use at least 10 characters')
  .max(200, 'Use at most 200 characters')
  .refine((value) => CHARACTER_CLASSES.filter((kind) => kind.test(value)).length >= 2, {
    message: 'Mix at least two kinds of characters: lowercase, uppercase, digits or symbols',
  });

export const emailSchema = z
  .string({ message: 'Enter an e-mail address' })
  .trim()
  .max(254, 'Use at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

const fullNameSchema = z
  .string({ message: 'Enter your full name' })
  .trim()
  .min(1, 'Enter your full name')
  .max(200, 'Use at most 200 characters');

/** POST /api/users/onboarding/signup (public): a new organization and its first admin. */
export const signupSchema = z.object({
  organization_name: z
    .string({ message: 'Enter the name of your company' })
    .trim()
    .min(1, 'Enter the name of your company')
    .max(200, 'Use at most 200 characters'),
  full_name: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type Signup = z.infer<typeof signupSchema>;

/**
 * The 202 answer of sign-up, the same whether the e-mail was new (organization and admin created)
 * or already had an account (that account is e-mailed instead), so sign-up does not tell who has
 * an account. The web app then sends the person through the normal sign-in.
 */
export const SIGNUP_ANSWER = 'Sign in with your e-mail and password to continue.';

/** POST /api/users/onboarding/forgot-password (public): always the same 202 answer. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this e-mail, we sent a link to reset the password.';
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Tokens in links: 32 random bytes in base64url (43 characters). */
const linkTokenSchema = z
  .string({ message: 'The link is incomplete' })
  .min(1, 'The link is incomplete')
  .max(200);

/** POST /api/users/onboarding/reset-password (public): the token of the e-mailed link and the new password. */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const RESET_LINK_INVALID = 'This reset link is no longer valid. Ask for a new one.';

/** POST /api/users/organization/users/invite: invite an e-mail into groups of this organization. */
export const createInviteSchema = z.object({
  email: emailSchema,
  group_ids: z
    .array(z.uuid({ message: 'Unknown group' }))
    .max(50)
    .default([]),
});
export type CreateInvite = z.infer<typeof createInviteSchema>;

export const inviteCreatedSchema = z.object({ id: z.string(), email: z.string(), expires_at: z.string() });
export type InviteCreated = z.infer<typeof inviteCreatedSchema>;

/** One pending invite (GET /api/users/organization/users/invite). */
export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;
export const pendingInvitesPageSchema = pageOf(pendingInviteSchema);
export type PendingInvitesPage = z.infer<typeof pendingInvitesPageSchema>;

export const INVITE_INVALID = 'This invitation is no longer valid.';

/** GET /api/users/organization/users/invite/describe?token= (public). */
export const describeInviteQuerySchema = z.object({ token: linkTokenSchema });
export const inviteDescriptionSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  /** true: sign in as that e-mail and accept; false: choose a name and password. */
  account_exists: z.boolean(),
});
export type InviteDescription = z.infer<typeof inviteDescriptionSchema>;

/**
 * POST /api/users/organization/users/invite/accept (public): a new e-mail sends full_name and
 * password; an existing account sends its bearer token instead.
 */
export const acceptInviteSchema = z.object({
  token: linkTokenSchema,
  full_name: fullNameSchema.optional(),
  password: newPasswordSchema.optional(),
});
export type AcceptInvite = z.infer<typeof acceptInviteSchema>;

export const inviteAcceptedSchema = z.object({ organization_id: z.string(), email: z.string() });
export type InviteAccepted = z.infer<typeof inviteAcceptedSchema>;

/** One e-mail of the outbox (GET /api/users/organization/outbox), newest first. */
export const outboxEmailSchema = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string().nullable(),
  /** When SMTP accepted it; null without SMTP_URL (the outbox is then the only copy). */
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
export const outboxPageSchema = pageOf(outboxEmailSchema).extend({
  /** false when no SMTP_URL is set: e-mails are only kept here. */
  smtp_configured: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
