// A tokenizer-free token estimate (lorebook budgets, prompt fitting): close enough for BPE models, cheap on every reply.

const DENSE_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** About four characters a token for alphabetic text; a character a token for Chinese, Japanese and Korean. */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  const dense = text.match(DENSE_CHAR)?.length ?? 0;
  return dense + Math.ceil((text.length - dense) / 4);
}
