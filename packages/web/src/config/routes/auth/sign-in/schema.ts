import { z } from 'zod';
import { contributorEmail } from '../../../../../../server/src/modules/contributors/schema';
import { TEXTS } from '../../../texts';

/** The sign-in form: the server's email rule, and a password that is there at all. */
export const signInSchema = z.object({
  email: contributorEmail,
  password: z.string().min(1, TEXTS.passwordRequired),
});

export type SignInValues = z.infer<typeof signInSchema>;
