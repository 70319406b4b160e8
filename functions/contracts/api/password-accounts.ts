// The contracts of the e-mail and password calls fans and artist-side users share (SPEC §7): each area's resource
// lists them under its own base, with the area's user as the login reply (fan-auth.ts, artist-auth.ts).
import {
  forgotPasswordSchema,
  linkTokenParamsSchema,
  loginSchema,
  messageReplySchema,
  registerReplySchema,
  registerSchema,
  resetPasswordSchema,
} from '../auth';
import type { Schema } from './contract';
import { json } from './contract';

export const passwordAccountContracts = {
  register: { body: registerSchema, reply: json(registerReplySchema) },
  logout: { reply: json(messageReplySchema) },
  verifyEmail: { params: linkTokenParamsSchema, reply: json(messageReplySchema) },
  resendVerification: { reply: json(messageReplySchema) },
  forgotPassword: { body: forgotPasswordSchema, reply: json(messageReplySchema) },
  resetPassword: {
    params: linkTokenParamsSchema,
    body: resetPasswordSchema,
    reply: json(messageReplySchema),
  },
  deleteAccount: { reply: json(messageReplySchema) },
};

/** The login call, answering the area's signed-in user. */
export function loginContract<U extends Schema>(user: U) {
  return { body: loginSchema, reply: json(user) };
}
