/**
 * `{{placeholder}}` substitution, shared so the back office previews a template exactly as the
 * server will render it. An unknown placeholder stays as typed (a typo is visible, not blank).
 */
export type TemplateVars = Record<string, string | number>;

export function renderText(text: string, vars: TemplateVars): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/** The placeholder names a text uses, in order of first appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? ''))];
}
