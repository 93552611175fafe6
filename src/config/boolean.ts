/** The words a boolean setting takes (`OPS_INSECURE`, `insecure`), as most tools read them. */
export const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
export const FALSE_WORDS = ['0', 'false', 'no', 'off', ''];

/** true, false, or undefined for a word that is neither (which must be refused, never guessed). */
export function parseBoolean(raw: string): boolean | undefined {
  const v = raw.trim().toLowerCase();
  if (TRUE_WORDS.includes(v)) return true;
  if (FALSE_WORDS.includes(v)) return false;
  return undefined;
}
