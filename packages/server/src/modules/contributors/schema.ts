import {
  CONTRIBUTOR_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  isSiteRole,
  isValidEmail,
  OWNER_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERMISSIONS,
  type SiteRole,
} from '@storefront/commerce';
import { z } from 'zod';

/** The wire contract of the sign-in and contributors APIs; the /config forms validate with the same schemas. */

/** Emails are stored and compared lowercased. */
export const contributorEmail = z
  .string(OWNER_MESSAGES.invalidEmail)
  .trim()
  .toLowerCase()
  .refine(isValidEmail, OWNER_MESSAGES.invalidEmail);

export const newPassword = z
  .string(OWNER_MESSAGES.passwordTooShort)
  .min(PASSWORD_MIN_LENGTH, OWNER_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, OWNER_MESSAGES.passwordTooLong);

/** A role number of spec §6; the editor message of spec §5 for anything else. */
export const siteRole = z.custom<SiteRole>(isSiteRole, {
  error: (issue) => `${String(issue.input)} is not one of the expected options`,
});

/** Sign-in checks nothing about the shape: a malformed email is just a wrong one (401). */
export const signInBody = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const passwordResetBody = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH),
});

export const setPasswordBody = z.object({
  token: z.string(OWNER_MESSAGES.linkInvalid).regex(/^[0-9a-f]{64}$/, OWNER_MESSAGES.linkInvalid),
  password: newPassword,
});

export const inviteBody = z.object({
  email: contributorEmail,
  name: z
    .string(OWNER_MESSAGES.nameRequired)
    .trim()
    .min(1, OWNER_MESSAGES.nameRequired)
    .max(CONTRIBUTOR_NAME_MAX_LENGTH),
  role: siteRole,
});

export const changeRoleBody = z.object({ role: siteRole });

export const contributorParams = z.object({ id: z.string().min(1).max(64) });

export type InviteBody = z.infer<typeof inviteBody>;

/** The signed-in contributor, with what their role may do. */
export const contributorReply = z.object({
  contributor: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.number(),
    roleName: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)).readonly(),
  }),
});

/** A contributor as the contributors list shows it. */
const contributorListItemReply = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.number(),
  roleName: z.string(),
  /** invited: has not set a password yet. */
  status: z.enum(['active', 'invited', 'disabled']),
  createdAt: z.number(),
});

export const contributorListReply = z.object({ contributors: z.array(contributorListItemReply) });
export const contributorItemReply = z.object({ contributor: contributorListItemReply });

/** POST /api/config/password: the account whose password was set (sign in with it). */
export const passwordSetReply = z.object({ email: z.string() });
export const passwordResetSentReply = z.object({ message: z.string() });
