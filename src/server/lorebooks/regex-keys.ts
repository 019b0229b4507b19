// Lorebook keys written as `/pattern/flags`: parsing them, and refusing the ones that can backtrack for ever.

const REGEX_KEY = /^\/(.+)\/([a-z]*)$/s;
const ALLOWED_FLAGS = /^[imsu]*$/;

export type TRegexKey = { source: string; flags: string };

/** A key is a regex when it looks like `/…/flags` (SillyTavern's rule); anything else is plain text. */
export function parseRegexKey(key: string): TRegexKey | null {
  const match = REGEX_KEY.exec(key.trim());
  if (!match) return null;
  return { source: match[1] ?? '', flags: match[2] ?? '' };
}

type TGroupFrame = { hasRepeat: boolean; hasAlternation: boolean };

/** Reads a quantifier at `at`: its length and whether it repeats more than once (`*`, `+`, `{2,}`, `{1,9}`). */
function quantifierAt(source: string, at: number): { length: number; repeats: boolean } | null {
  const char = source[at];
  if (char === '*' || char === '+') return { length: lazyLength(source, at + 1, 1), repeats: true };
  if (char === '?') return { length: lazyLength(source, at + 1, 1), repeats: false };
  if (char !== '{') return null;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at, at + 24));
  if (!braces) return null;
  const max = braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? Infinity : Number(braces[3]);
  return { length: lazyLength(source, at + braces[0].length, braces[0].length), repeats: max > 1 };
}

function lazyLength(source: string, after: number, length: number): number {
  return source[after] === '?' ? length + 1 : length;
}

/**
 * Why a pattern could run away (catastrophic backtracking), or null when its shape is safe.
 * Refused: a repeated group that itself repeats or alternates (`(a+)+`, `(a|aa)*`, star height > 1)
 * and back-references. Polynomial shapes that remain are bounded by the scan's time box.
 */
export function runawayReason(source: string): string | null {
  const stack: TGroupFrame[] = [{ hasRepeat: false, hasAlternation: false }];
  let at = 0;
  while (at < source.length) {
    const char = source[at];
    const frame = stack[stack.length - 1] as TGroupFrame;
    if (char === '\\') {
      const next = source[at + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && source[at + 2] === '<')) {
        return 'back-references are not allowed';
      }
      at += 2;
      at = afterQuantifier(source, at, frame);
      continue;
    }
    if (char === '[') {
      at = classEnd(source, at + 1);
      at = afterQuantifier(source, at, frame);
      continue;
    }
    if (char === '(') {
      stack.push({ hasRepeat: false, hasAlternation: false });
      at += 1;
      continue;
    }
    if (char === ')') {
      if (stack.length === 1) return 'unbalanced parentheses';
      const closed = stack.pop() as TGroupFrame;
      const parent = stack[stack.length - 1] as TGroupFrame;
      const quantifier = quantifierAt(source, at + 1);
      if (quantifier?.repeats && (closed.hasRepeat || closed.hasAlternation)) {
        return 'a repeated group that repeats or alternates inside can run away';
      }
      if (closed.hasRepeat || quantifier?.repeats) parent.hasRepeat = true;
      at += 1 + (quantifier?.length ?? 0);
      continue;
    }
    if (char === '|') frame.hasAlternation = true;
    at += 1;
    at = afterQuantifier(source, at, frame);
  }
  return stack.length === 1 ? null : 'unbalanced parentheses';
}

function afterQuantifier(source: string, at: number, frame: TGroupFrame): number {
  const quantifier = quantifierAt(source, at);
  if (!quantifier) return at;
  if (quantifier.repeats) frame.hasRepeat = true;
  return at + quantifier.length;
}

function classEnd(source: string, at: number): number {
  let index = at;
  if (source[index] === '^') index += 1;
  if (source[index] === ']') index += 1;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** Why a `/regex/flags` key is refused (bad syntax, flags, or runaway shape), or null when it may run. */
export function regexKeyProblem(key: string): string | null {
  const parsed = parseRegexKey(key);
  if (!parsed) return null;
  if (!ALLOWED_FLAGS.test(parsed.flags)) return `flags "${parsed.flags}" are not supported (use i, m, s, u)`;
  try {
    new RegExp(parsed.source, parsed.flags);
  } catch {
    return 'it is not a valid regular expression';
  }
  return runawayReason(parsed.source);
}
