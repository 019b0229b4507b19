// The judge's cheap first filters: messages made only of greetings, thanks, laughter and fillers, and
// questions to the companion that say nothing about the person, are never memories (and cost no model call).
const FILLER = new Set(
  `ok okay k kk okie alright alrighty fine sure yes yeah yep yup ya no nope nah maybe hi hii hey heya hello yo
  sup howdy hiya there thanks thank thx ty tysm you u much lol lmao lmfao rofl haha hahaha hehe heh xd omg wow
  cool nice great good awesome neat sweet ah ahh oh ohh hmm hm mm huh what wut eh why how who when where really
  seriously right true indeed bye goodbye night gn see ya later cya morning afternoon evening gm and so well
  just very too yes please np ok cool same agreed idk dunno whatever kinda sorta lel welcome again`.split(
    /\s+/,
  ),
);

export function isTrivialMessage(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return true;
  return words.every((w) => FILLER.has(w) || /^(ha)+h?$|^(he)+h?$|^l+o+l+$|^o+k+$|^h+m+$/.test(w));
}

/** Words by which a message speaks of the person themself. */
const FIRST_PERSON = new Set([
  'i',
  'im',
  'ive',
  'id',
  'ill',
  'me',
  'my',
  'mine',
  'myself',
  'we',
  'were',
  'our',
  'ours',
  'us',
]);

/**
 * A question to the companion that says nothing about the person ('How was your day?', 'What is the
 * capital of Peru?'): the judge's instructions never keep those, so they are not sent to it. A question
 * that speaks of the person ('Can you remind me about my exam?') still is.
 */
export function isQuestionAboutNothingPersonal(text: string): boolean {
  const trimmed = text.trim().replace(/[\s\p{Extended_Pictographic}!.)]+$/u, '');
  if (!trimmed.endsWith('?')) return false;
  const words = trimmed
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^\p{L}\p{N}]+/u);
  return !words.some((w) => FIRST_PERSON.has(w));
}

/**
 * What the judge never sends to the model and never keeps (a trivial message, or a question that says
 * nothing about the person): such an exchange is not even queued for it.
 */
export function isNothingToJudge(text: string): boolean {
  return isTrivialMessage(text) || isQuestionAboutNothingPersonal(text);
}
