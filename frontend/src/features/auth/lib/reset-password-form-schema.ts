// The reset form: a new password and the same password again, with the registration form's texts (SPEC §5).
import * as z from 'zod/mini';
import { newPasswordField, registrationMessages } from '@contracts/auth';

export const resetPasswordFormSchema = z
  .object({
    password: newPasswordField(),
    confirm_password: z
      .string({ error: registrationMessages.confirmPasswordRequired })
      .check(z.minLength(1, registrationMessages.confirmPasswordRequired)),
  })
  .check(
    z.refine((form) => form.password === form.confirm_password, {
      message: registrationMessages.passwordsMustMatch,
      path: ['confirm_password'],
    }),
  );
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
