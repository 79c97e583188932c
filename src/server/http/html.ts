/** HTML the server writes itself (the landing's slots, the sandbox's pages, the test-mode banner). */
import { TEST_MODE_TEXT } from '../../shared/prerender';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in text and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Shown at the top of every page while the sandbox payment provider is active (ADR 013), outside
 * the React root so it is there before any script runs and whatever page is open.
 */
export const TEST_MODE_BANNER = `<div class="test-mode-banner" role="note">${TEST_MODE_TEXT}</div>`;

/** The page with the test-mode banner right after `<body>`. */
export function withTestModeBanner(html: string): string {
  return html.replace(/<body([^>]*)>/, (tag) => `${tag}${TEST_MODE_BANNER}`);
}
