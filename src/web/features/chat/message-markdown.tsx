// A message's text as role-play markdown, safely: *actions* in italics, **bold**, "quoted speech" set apart,
// line breaks and lists. HTML in the text shows as text, links never run script, no remote images. Loaded
// only when a message has markdown in it (message-content.tsx): the chat screen's first page stays small.
import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import Markdown, { type Components } from 'react-markdown';

import { SPEECH } from './speech.ts';

/** Splits one text node into text, line breaks and speech spans. */
function splitText(node: Text): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  node.value.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ type: 'break' });
    let last = 0;
    for (const match of line.matchAll(SPEECH)) {
      if (match.index > last) out.push({ type: 'text', value: line.slice(last, match.index) });
      // An emphasis node renamed to a span: mdast keeps it phrasing content, hast renders the span.
      out.push({
        type: 'emphasis',
        data: { hName: 'span', hProperties: { className: ['speech'] } },
        children: [{ type: 'text', value: match[0] }],
      });
      last = match.index + match[0].length;
    }
    if (last < line.length) out.push({ type: 'text', value: line.slice(last) });
  });
  return out;
}

function walk(node: Parent) {
  const children: typeof node.children = [];
  for (const child of node.children) {
    if (child.type === 'text') children.push(...(splitText(child) as typeof node.children));
    else {
      if ('children' in child) walk(child);
      children.push(child);
    }
  }
  node.children = children;
}

/** Role-play text: a single line break is a break (as people type it), and quoted speech stands out. */
const remarkRolePlay = () => (tree: Root) => walk(tree);

const components: Components = {
  // No remote images in chat: an image shows as its description.
  img: ({ alt }) => (alt ? <span>[{alt}]</span> : null),
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
      {children}
    </a>
  ),
};

/** The markdown body (the wrapper with its tone is MessageContent's). */
export function MarkdownBody({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkRolePlay]} components={components}>
      {text}
    </Markdown>
  );
}
