/**
 * The landing page sends placeholders ("Novo Assinante", "Cliente", empty); only a real name (and
 * the e-mail that came with it) prefills the checkout (docs/product/public-site-and-checkout.md §2).
 */
const PLACEHOLDER_NAMES = new Set(['', 'novo assinante', 'cliente']);

export function prefillFromQuery(
  name: string | undefined,
  email: string | undefined,
): { name: string; email: string } {
  const cleanName = (name ?? '').trim();
  if (PLACEHOLDER_NAMES.has(cleanName.toLowerCase())) return { name: '', email: '' };
  return { name: cleanName, email: (email ?? '').trim() };
}
