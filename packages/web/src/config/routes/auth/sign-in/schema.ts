import { z } from 'zod';
import { TEXTS } from '../../../texts';

export const signInSchema = z.object({
  email: z.string().trim().email(TEXTS.invalidEmail),
  password: z.string().min(1, TEXTS.passwordRequired),
});

export type SignInValues = z.infer<typeof signInSchema>;
