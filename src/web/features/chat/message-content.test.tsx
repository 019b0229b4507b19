import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hasMarkdown, MessageContent } from './message-content.tsx';
import { MarkdownBody } from './message-markdown.tsx';

/** Markdown through the renderer MessageContent loads when a text needs it. */
const viaMarkdown = (text: string) =>
  renderToStaticMarkup(
    <div className="message-markdown">
      <MarkdownBody text={text} />
    </div>,
  );
/** What a person sees once loaded: markdown text through the (lazily loaded) renderer, plain text at once. */
const html = (text: string) =>
  hasMarkdown(text) ? viaMarkdown(text) : renderToStaticMarkup(<MessageContent text={text} />);

describe('MessageContent', () => {
  it('plain text (no markdown syntax) is drawn at once, exactly as the markdown renderer draws it', () => {
    for (const text of [
      'Well met, Ada. The fire is small but it is warm.',
      'one\ntwo',
      '"Hello there," she says.\n\nAnd then “quiet” again.',
      'spaced out  \n  lines',
      '',
    ]) {
      expect(hasMarkdown(text), text).toBe(false);
      expect(renderToStaticMarkup(<MessageContent text={text} />), text).toBe(viaMarkdown(text));
    }
    for (const text of [
      '*waves*',
      '**bold**',
      '- a list',
      '1. first',
      '# title',
      '<b>',
      'a & b',
      '[x](y)',
      '`code`',
    ]) {
      expect(hasMarkdown(text), text).toBe(true);
    }
  });

  it('role-play markdown: actions in italics, bold, quoted speech set apart, line breaks and lists', () => {
    expect(html('*waves* "Hello there," she says. **Careful.**')).toBe(
      '<div class="message-markdown"><p><em>waves</em> <span class="speech">&quot;Hello there,&quot;</span> she says. <strong>Careful.</strong></p></div>',
    );
    expect(html('one\ntwo')).toBe('<div class="message-markdown"><p>one<br/>\ntwo</p></div>');
    expect(html('- bread\n- salt')).toContain('<ul>\n<li>bread</li>\n<li>salt</li>\n</ul>');
    expect(html('“Curly quotes” too')).toContain('<span class="speech">“Curly quotes”</span>');
  });

  it('shows HTML as text and runs nothing', () => {
    const out = html('<img src=x onerror=alert(1)> and <script>alert(2)</script>');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('no links that run script, no remote images', () => {
    const link = html('[click](javascript:alert(1))');
    expect(link).not.toContain('javascript:');
    const image = html('![a cat](https://example.com/cat.png)');
    expect(image).not.toContain('<img');
    expect(image).not.toContain('example.com');
    expect(image).toContain('[a cat]');
    expect(html('[site](https://example.com)')).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow"',
    );
  });

  it('leaves code as written', () => {
    expect(html('`"not speech"`')).toBe(
      '<div class="message-markdown"><p><code>&quot;not speech&quot;</code></p></div>',
    );
  });
});
