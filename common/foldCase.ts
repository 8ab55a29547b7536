/**
 * Lower case, one code point at a time: the simple case mapping that PostgreSQL's lower() applies
 * (libc, UTF-8), so 'İ' becomes 'i' (not 'i̇') and a final 'Σ' becomes 'σ' (not 'ς'), as there.
 * SQLite's Exact search folds with it (server/db/textSearch.ts); it sits in the common folder
 * so that the web can fold the same way.
 */
export function foldCase(text: string): string {
  let folded = "";
  for (const char of text) folded += char === "\u0130" ? "i" : char.toLowerCase();
  return folded;
}
