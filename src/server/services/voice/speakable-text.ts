// What a character says aloud: no *stage directions*, no markdown marks; and where a sentence ends.

/** Removes *stage directions* (and **bold** marks' asterisks), markdown symbols and extra spaces. */
export function speakableText(text: string): string {
  return text
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\*[^*]*\*/g, ' ')
    .replace(/[*_`#>~]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:…])/g, '$1')
    .trim();
}

/** Whether there is anything to say (letters or digits). */
export const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

/**
 * The end of the last complete sentence in `text` from `from`: after . ! ? or … (with closing quotes
 * or brackets) followed by white space, and never inside an unclosed *stage direction*. Returns `from`
 * when no sentence is complete yet.
 */
export function lastSentenceEnd(text: string, from: number): number {
  let cut = from;
  let inStage = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '*') inStage = !inStage;
    else if (ch === '\n' && text[i + 1] === '\n' && !inStage) cut = i + 1;
    else if (!inStage && /[.!?…]/.test(ch)) {
      let j = i + 1;
      while (j < text.length && /[.!?…"'”’)\]]/.test(text[j]!)) j++;
      if (j < text.length && /\s/.test(text[j]!)) {
        cut = j;
        i = j - 1;
      }
    }
  }
  return cut;
}
