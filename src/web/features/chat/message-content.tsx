// A message's text on screen. Text without markdown syntax (most chat lines) is drawn here at once, with
// the same paragraphs, line breaks and "quoted speech" the markdown renderer gives it; text with markdown
// loads that renderer (message-markdown.tsx) on first need, so the chat screen's first page stays small.
import { lazy, type ReactNode, Suspense } from 'react';
import { SPEECH } from './speech.ts';

const MarkdownBody = lazy(() => import('./message-markdown.tsx').then((m) => ({ default: m.MarkdownBody })));

/** Anything markdown would draw differently from plain text: emphasis, code, links, headings, lists, HTML, escapes. */
const MARKDOWN_SYNTAX = /[*_`#>[\]~|<&\\]|^\s*(?:[-+]|\d+[.)])\s|^(?: {4}|\t)|^\s*(?:=+|-+)\s*$/m;

export const hasMarkdown = (text: string) => MARKDOWN_SYNTAX.test(text);

function speechIn(line: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(SPEECH)) {
    if (match.index > last) out.push(line.slice(last, match.index));
    out.push(
      <span key={`${key}-${match.index}`} className="speech">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/** Paragraphs split by blank lines, each line break kept, as the markdown renderer draws plain text. */
function PlainText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, i) => [
        i > 0 ? '\n' : null,
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never move.
        <p key={i}>
          {paragraph.split('\n').flatMap((line, j) => [
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph never move.
            ...(j > 0 ? [<br key={`br-${j}`} />, '\n'] : []),
            ...speechIn(line.trim(), `${i}-${j}`),
          ])}
        </p>,
      ])}
    </>
  );
}

/** The same look on both sides; `on-accent` keeps it readable on the person's own (accent) bubble. */
export function MessageContent({ text, tone }: { text: string; tone?: 'on-accent' }) {
  const plain = <PlainText text={text} />;
  return (
    <div className={tone ? `message-markdown ${tone}` : 'message-markdown'}>
      {hasMarkdown(text) ? (
        <Suspense fallback={plain}>
          <MarkdownBody text={text} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}
