/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything (used with `escape '\'`). */
export const likeTerm = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
