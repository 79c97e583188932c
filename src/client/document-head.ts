/**
 * The head every document of the site starts with — the app's index.html and the pages the server
 * renders (prerender/Document.tsx) — in one place: the character set, the viewport, the theme
 * colour, the description, the manifest and the icons. Document.tsx renders these tags; the Vite
 * plugin below puts them at the top of index.html's head (Vite's `transformIndexHtml` with tag
 * descriptors), in the app's build and in development alike. The tab title is each page's own.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface HeadTag {
  tag: 'meta' | 'link';
  /** HTML attribute names, as written in a document. */
  attrs: Readonly<Record<string, string>>;
}

export const HEAD_TAGS: readonly HeadTag[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' } },
  {
    tag: 'meta',
    attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
  },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#801F2B' } },
  {
    tag: 'meta',
    attrs: {
      name: 'description',
      content:
        'Confraria de vinhos por convite: degustações, encontros, compras coletivas e 10% de cashback.',
    },
  },
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'icon', href: '/icons/icon.svg', type: 'image/svg+xml' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' } },
];

/** Puts HEAD_TAGS first in index.html's head (which has only its title and the app's script). */
export function documentHeadPlugin(): Plugin {
  return {
    name: 'confraria:document-head',
    transformIndexHtml: (): HtmlTagDescriptor[] =>
      HEAD_TAGS.map(({ tag, attrs }) => ({ tag, attrs: { ...attrs }, injectTo: 'head-prepend' })),
  };
}
