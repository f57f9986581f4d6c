import { describe, expect, it } from 'vitest';
import { createMarkdown, readMinutes } from './markdown';

const md = createMarkdown('https://beloud.example');
const upload = '/content-images/0f8fad5b-d9cb-469f-a165-70867728950e.webp';

/** Known XSS payloads (OWASP's filter evasion sheet and friends), each in a Markdown body. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '![x](javascript:alert(1))',
  '![x](https://evil.example/pixel.gif)',
  '![x](//evil.example/a.png)',
  '<a href="javascript:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<form action="https://evil.example"><button>Go</button></form>',
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  '<details open ontoggle=alert(1)>',
  '<!-- <img src=x onerror=alert(1)> -->',
];

describe('markdown rendering', () => {
  it.each(PAYLOADS)('renders %s with no markup or script of its own', (payload) => {
    const html = md.render(`Before\n\n${payload}\n\nAfter`);
    // Text never holds a raw '<' (it is escaped), so every '<' here opens a tag the browser would build.
    const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)].map(([, name, attrs]) => ({
      name: name!,
      attrs: attrs!,
    }));
    for (const { name, attrs } of tags) {
      expect(['p', 'a', 'img', 'strong', 'em'], html).toContain(name.toLowerCase());
      const names = [...attrs.matchAll(/\s([^\s=]+)(?:="[^"]*")?/g)].map(([, n]) => n!.toLowerCase());
      expect(
        names.filter((n) => n.startsWith('on')),
        html,
      ).toEqual([]);
      expect(attrs, html).not.toMatch(/(href|src)\s*=\s*"\s*(?:javascript|vbscript|data):/i);
      expect(attrs, html).not.toMatch(/src="(?:https?:)?\/\/evil/);
    }
    expect(html).toContain('After');
  });

  it('keeps the prose: headings, lists, emphasis, tables, internal links', () => {
    const html = md.render(
      '## Section\n\nSome **bold** and *italic* text with [a link](/blog#seo-strategies).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Section</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/blog#seo-strategies">a link</a>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
  });

  it('marks external links noopener and opens them in a new tab; own-site absolute links stay plain', () => {
    const html = md.render('[g](https://google.com) [own](https://beloud.example/faq) [mail](mailto:a@b.nz)');
    expect(html).toContain('<a href="https://google.com" target="_blank" rel="noopener noreferrer">g</a>');
    expect(html).toContain('<a href="https://beloud.example/faq">own</a>');
    expect(html).toContain('<a href="mailto:a@b.nz" target="_blank" rel="noopener noreferrer">mail</a>');
  });

  it('shows raw HTML as text', () => {
    expect(md.render('<b>hi</b>')).toContain('&lt;b&gt;hi&lt;/b&gt;');
  });

  it('keeps images from the site uploads only, relative or absolute', () => {
    expect(md.render(`![a chart](${upload})`)).toContain(`<img src="${upload}" alt="a chart"`);
    expect(md.render(`![a chart](https://beloud.example${upload})`)).toContain(`<img src="${upload}"`);
    expect(md.render('![x](/assets/logo.png)')).not.toContain('<img');
  });

  const stored = (body: string) => {
    const result = md.renderPost(body);
    if (!result.ok) throw new Error(result.problem);
    return result.post;
  };

  it('never makes an h1, and shifts headings one level down in lists', () => {
    expect(md.render('# Big')).toContain('<h2>Big</h2>');
    expect(stored('## Section').listHtml).toContain('<h3>Section</h3>');
    expect(stored('###### Small').listHtml).toContain('<h6>Small</h6>');
  });

  it('reads how-to steps from an ordered list of bold-led items, and the reading time', () => {
    expect(stored('Intro\n\n1. **Claim it.** Fill it in.\n2. **Ask for reviews.** Every job.').steps).toEqual([
      { name: 'Claim it', text: 'Fill it in.' },
      { name: 'Ask for reviews', text: 'Every job.' },
    ]);
    expect(stored('1. plain\n2. list').steps).toEqual([]);
    expect(readMinutes('word '.repeat(1000))).toBe(5);
  });
});
