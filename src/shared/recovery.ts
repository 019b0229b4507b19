// Account recovery shapes shared by the server and the web app: change password, the owner's reset link.
import { z } from 'zod';
import { zText } from './text.ts';

/** PUT /api/account/password: the current password, and the new one (the strength floor is the server's). */
export const ZChangePassword = z.object({
  currentPassword: zText('Enter your current password').min(1, 'Enter your current password').max(200),
  newPassword: zText('Enter a new password').max(800),
});
export type TChangePassword = z.infer<typeof ZChangePassword>;

/** POST /api/admin/reset-link: the owner makes a reset link for a bundled-provider account. */
export const ZResetLinkRequest = z.object({ email: z.email('Enter a valid email address').max(254) });
export type TResetLink = { url: string; expiresAt: string };
