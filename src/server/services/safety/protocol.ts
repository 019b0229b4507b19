// The published safety protocol (/safety): the operator's DATA_DIR/safety.md, else the shipped one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TCrisisLineTable } from '../../safety/crisis-lines.ts';

export const PROTOCOL_FILE = 'safety.md';

function lineText(line: { name: string; phone?: string; text?: string; url?: string }) {
  return [`**${line.name}**`, line.text ?? line.phone, line.url].filter(Boolean).join(' — ');
}

/** The shipped protocol, with the crisis lines this installation actually shows. */
export function defaultProtocol(lines: TCrisisLineTable): string {
  const countries = Object.entries(lines.countries).flatMap(([country, list]) =>
    list.map((line) => `- ${country}: ${lineText(line)}`),
  );
  return `# Safety on Kindred

Every character on Kindred is an AI, not a real person. This page says how Kindred looks after the people
who talk with them, as the companion-chatbot laws (California SB 243, New York's AI companion law) require.

## What is detected
Every message you send, and every voice message once it is turned into text, is checked **before the
character answers** for signs of suicidal thoughts, self-harm, or intent to harm someone else. Kindred's own
detector runs on this server (phrases, with negations and figures of speech such as "this homework is
killing me" left alone, and a sentence encoder's similarity to crisis statements); an operator may also
connect a moderation service.

## What happens
- The chat shows a card above the character's reply with crisis lines for your country.
- The character is told, for that reply, to respond with care, stay supportive, point you to real people,
  never describe methods and never encourage harm.
- Replies are checked too: a reply that encourages self-harm is never shown; a safe message takes its place.
- Everyone gives a date of birth once: at sign-up, or after a first sign-in with Google. People under 18
  get no sexual content (in replies, and in the characters they make), a reminder every three hours of
  continuous chatting that the character is an AI and to take a break, and never see characters their
  makers marked 18+.
- The owner of this Kindred sees only how many crisis referrals happened each month: never your messages,
  never your name.

## Who to call
If you are in danger now, call your local emergency number.
${countries.join('\n')}
- Anywhere else: ${lineText(lines.directory)}

## Reports
Use 'Report' on any reply or on a character someone else made. The owner of this Kindred reviews reports
and can hide a character, delete a message or suspend an account.
`;
}

export function readProtocol(
  dataDir: string,
  lines: TCrisisLineTable,
): { markdown: string; isCustom: boolean } {
  const file = path.join(dataDir, PROTOCOL_FILE);
  if (existsSync(file) && statSync(file).size <= 256 * 1024) {
    return { markdown: readFileSync(file, 'utf8'), isCustom: true };
  }
  return { markdown: defaultProtocol(lines), isCustom: false };
}
