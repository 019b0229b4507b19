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
