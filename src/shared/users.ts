// User shapes and input rules shared by the server and the web app.
import { z } from 'zod';
import { ZRowId } from './ids.ts';
import { ZText } from './text.ts';

export const ZUserId = ZRowId;

export const ZDisplayName = ZText.trim()
  .min(1, 'Name cannot be empty')
  .max(50, 'Name is at most 50 characters');

/** A profile image is an http(s) URL, a path on this site, or empty for none. */
export const ZImageUrl = ZText.trim()
  .max(2048, 'Image URL is at most 2048 characters')
  .refine(
    // Browsers read a backslash as a slash, so `/\evil.example/x.png` would load from another host.
    (v) => v === '' || (!v.includes('\\') && (/^\/(?!\/)\S*$/.test(v) || /^https?:\/\/\S+$/i.test(v))),
    'Image must be an http(s) URL or a path on this site',
  );

export const ZUpdateName = z.object({ name: ZDisplayName });
export const ZUpdateProfile = z.object({ name: ZDisplayName, image: ZImageUrl.optional() });

export type TPublicUser = {
  id: number;
  username: string;
  name: string | null;
  image: string | null;
  isSubscribed: boolean;
};

export type TSessionPayload = {
  /**
   * isOwner: the owner of this installation (sees /admin). canChangePassword: people sign in with the
   * bundled provider's passwords here (not Google), so /profile offers 'Change password'.
   */
  user?: TPublicUser & {
    email: string;
    isOwner?: boolean;
    canChangePassword?: boolean;
    /** The one-time notice that characters are AI was dismissed (issue 23). */
    hasSeenAiNotice?: boolean;
    /** No date of birth yet (a Google person after their first sign-in): asked before anything else. */
    needsBirthDate?: boolean;
    /** Known to be under 18: the create form offers no 18+ mark. */
    isMinor?: boolean;
  };
  expires?: string;
};
