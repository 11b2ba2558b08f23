/**
 * Texts and rules of the owner's sign-in and contributors screens, shared by the server's
 * answers and the /config forms so both say the same thing.
 */

/** A password shorter than this is refused; NIST SP 800-63B's floor for user-chosen secrets. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords add nothing and cost hashing time. */
export const PASSWORD_MAX_LENGTH = 200;
export const CONTRIBUTOR_NAME_MAX_LENGTH = 200;

export const OWNER_MESSAGES = {
  signInRequired: 'Please sign in.',
  forbidden: 'You do not have permission to do that.',
  wrongCredentials: 'Wrong email or password.',
  invalidEmail: 'Please enter a valid email',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  nameRequired: 'Please enter a name.',
  unknownRole: 'Choose one of the site roles.',
  linkInvalid: 'This link is no longer valid. Ask for a new one.',
  contributorExists: 'A contributor with this email already exists.',
  contributorNotFound: 'That contributor does not exist.',
  lastAdmin: 'The site must keep at least one admin.',
  passwordResetSent: 'If that email belongs to a contributor, a link to set a new password is on its way.',
} as const;
