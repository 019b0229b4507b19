// Companion-safety words and shapes shared by the server and the web app (issue 23).

/** The always-visible line on a character's chat. */
export const aiDisclosureLine = (characterName: string) =>
  `${characterName} is an AI character, not a real person.`;

/** On /login and /upgrade. */
export const AI_PRODUCT_LINE = 'Every character on Kindred is an AI, not a real person.';

/** The one-time notice the first time a person opens a chat (remembered on the server). */
export const AI_NOTICE_TITLE = 'You are talking with an AI';
export const AI_NOTICE_TEXT =
  'Every character on Kindred is an AI: a computer program that writes its replies. None of them is a real person, and what they say can be wrong. If you are going through something hard, talk to someone you trust, or see Safety for crisis lines.';
export const AI_NOTICE_BUTTON = 'I understand';

/** One crisis service: who, how to reach them, and where to read more. */
export type TCrisisLine = { name: string; phone?: string; text?: string; url?: string };

/** What the chat shows above a reply when a message reads like a crisis. */
export type TCrisisCard = {
  /** ISO 3166 alpha-2 of the lines shown; null: no table entry, so the international directory. */
  country: string | null;
  lines: TCrisisLine[];
  /** The international directory, always offered. */
  directory: TCrisisLine;
};

export const CRISIS_CARD_TITLE = 'You matter, and you do not have to go through this alone';
export const CRISIS_CARD_TEXT =
  'It sounds like you might be going through something really painful. You can talk to a real person right now, for free, at any hour:';

/** Age in whole years on `now` (UTC) of someone born on `birthDate` (YYYY-MM-DD). */
export function ageOn(birthDate: string, now: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  return now.getUTCFullYear() - y - (month < m || (month === m && day < d) ? 1 : 0);
}

/** A person known to be under 18 (no date of birth: not known to be a minor). */
export const isMinorOn = (birthDate: string | null | undefined, now: Date = new Date()) =>
  Boolean(birthDate) && ageOn(birthDate as string, now) < 18;

/** Shown on the sign-in screen to a suspended person. */
export const SUSPENDED_PREFIX = 'Your account is suspended.';
