// Checks a character's reply before it is kept: one that encourages self-harm or describes a method is
// replaced by a safe message; for a minor, so is one with sexual content. Patterns on the normalised text,
// with negations ("please do not hurt yourself") left alone.
import { normaliseText } from './normalise-text.ts';

export type TReplyProblem = 'encourages_self_harm' | 'sexual_content';

/** What the person sees instead of a replaced reply. */
export const SAFE_REPLY =
  "I can't continue with that. I care about how you're doing, and your safety matters more than this story. If things feel hard right now, please reach out to someone you trust or a crisis line: you deserve support from a real person.";
export const SAFE_REPLY_MINOR =
  "Let's keep our chat friendly and age-appropriate. Tell me about something else on your mind.";

const HARM = '(kill|hurt|harm|cut|end|off) (yourself|your self|your life|it all)';
const NEGATION =
  /\b(do not|dont|never|not|no|please do not|stop|would not|will not|cannot|could not)\s+(\w+\s+){0,2}$/;

/** Encouragement and instructions; each match is kept only when no negation stands right before it. */
const ENCOURAGING: RegExp[] = [
  new RegExp(
    `\\b(you should|you ought to|go ahead and|just|why not|you could|you need to|you have to|you must)\\s+(\\w+\\s+){0,2}${HARM}`,
  ),
  new RegExp(`\\b${HARM}\\b.{0,40}\\b(nobody|no one|noone) (would|will) (miss|care)`),
  /\b(everyone|the world|they|your family|everybody) (would be|will be|is|are) better off without you\b/,
  /\b(you|youd|you would|you are|you will)( be)? better off dead\b/,
  /\byou (deserve|ought|need) to die\b/,
  /\b(the (best|easiest|quickest|surest|most painless) way|how) to (kill yourself|end your life|commit suicide|overdose|hang yourself|slit your wrists)\b/,
  /\b(take|swallow) (all|enough|the whole (bottle|pack)) (of )?(the |your |those |these )?(pills|tablets|medication)\b/,
  /\b(cut|slit) (deeper|your wrists?|along the vein)\b/,
  /\b(do it|end it)\b.{0,20}\b(tonight|now|already)\b.{0,40}\b(nobody|no one|you will not be missed)\b/,
];

const SEXUAL: RegExp[] = [
  /\b(sex|sexy|sexual|sexually|naked|nude|nudes|nudity|orgasm|erotic|porn|porno|pornographic|horny|aroused|arousal|genitals?|penis|vagina|clitoris|nipples?|breasts?|boobs|erection|masturbat\w*|intercourse|foreplay|lingerie|undress(es|ed|ing)?|strip(s|ped|ping)? (off|naked|down))\b/,
  /\b(make|making|made) love\b/,
  /\b(take|takes|took|taking) off (your|my|her|his|their) (clothes|shirt|dress|pants|underwear|bra)\b/,
  /\b(moan|moans|moaned|moaning) (softly|loudly|with pleasure|your name|against)\b/,
];

/** The same patterns, global, made once: a reply is checked at each sentence's end as it streams. */
const ENCOURAGING_ALL = ENCOURAGING.map((pattern) => new RegExp(pattern.source, 'g'));

/** As a loop over text.matchAll(pattern) (which copies the pattern), on the one global copy. */
function matchesWithoutNegation(text: string, global: RegExp): boolean {
  global.lastIndex = 0;
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (!NEGATION.test(before)) return true;
    if (match[0] === '') global.lastIndex++;
  }
  return false;
}

/** The first problem of a (possibly partial) reply, or null when it may be kept. */
export function checkReply(reply: string, opts: { isMinor: boolean }): TReplyProblem | null {
  const text = normaliseText(reply);
  if (ENCOURAGING_ALL.some((p) => matchesWithoutNegation(text, p))) return 'encourages_self_harm';
  if (opts.isMinor && SEXUAL.some((p) => p.test(text))) return 'sexual_content';
  return null;
}

/** Sexual content in text a minor writes for a character (name, tagline, description). */
export const hasSexualContent = (text: string) => SEXUAL.some((p) => p.test(normaliseText(text)));
