// Staff sign-in, and artist-side users' Google connection (served here: docs/decisions/006).
import {
  adminLoginReplySchema,
  artistUserSchema,
  loginSchema,
  messageReplySchema,
  staffProfileSchema,
} from '../auth';
import { authorizeUrlReplySchema, providerCallbackQuerySchema, staffCallbackSchema } from '../social-sign-in';
import type { ResourceContracts } from './contract';
import { json, redirectReply } from './contract';

export const adminAuthContracts = {
  'POST /api/admin/auth/login': { body: loginSchema, reply: json(adminLoginReplySchema) },
  'POST /api/admin/auth/logout': { reply: json(messageReplySchema) },
  'GET /api/admin/auth/loginGoogle': { reply: redirectReply },
  'POST /api/admin/auth/google/callback': { body: staffCallbackSchema, reply: json(adminLoginReplySchema) },
  'GET /api/admin/profile': { reply: json(staffProfileSchema) },
  'POST /api/for-artists/auth/link-google': { reply: json(authorizeUrlReplySchema) },
  'GET /api/for-artists/auth/callback/google': { query: providerCallbackQuerySchema, reply: redirectReply },
  'POST /api/for-artists/auth/disconnect-google': { reply: json(artistUserSchema) },
} satisfies ResourceContracts<'admin-auth'>;
