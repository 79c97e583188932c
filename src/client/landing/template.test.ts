/**
 * The landing's template repeats the app's <head> (manifest, icons, theme colour, description,
 * title): a page of the same site must not drift from it.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(new URL(file, import.meta.url), 'utf8');
/** The <head>'s tags, one per entry, whatever the line breaks inside them. */
const headOf = (html: string) =>
  (/<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=>) (?=<)/);

describe('landing template', () => {
  it('has the same <head> as the app', () => {
    const head = headOf(read('./template.html'));
    expect(head.length).toBeGreaterThan(5);
    expect(head).toEqual(headOf(read('../index.html')));
  });

  it('marks where the pre-render goes and loads only the landing script', () => {
    const html = read('./template.html');
    expect(html).toContain('<!--prerendered-landing-->');
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/landing/enhance.ts',
    ]);
  });
});
