/**
 * Rules every input from outside keeps, whatever its route or socket event: no text with a NUL
 * character (PostgreSQL cannot store one, and no help-desk text needs it) and no nesting deeper
 * than any payload of the spec has. Checked once where input enters (HTTP bodies, query strings
 * and parameters, form fields, socket payloads), so that no handler sees either.
 */
import type { ValidationIssue } from "../../common/errors.ts";

/** Deeper than any request or socket payload of the spec (reply_to inside messageObj is 3). */
export const MAX_INPUT_DEPTH = 8;

/**
 * The first thing in `value` that breaks the rules, as a 422 issue, or null. Walks iteratively, so
 * a hostile nesting cannot overflow the stack here.
 */
export function inputIssue(value: unknown, where: string): ValidationIssue | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [where] }];
  while (stack.length) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return { loc: path, msg: "Text must not contain a NUL character.", type: "nul" };
      continue;
    }
    if (typeof item !== "object" || item === null) continue;
    if (path.length > MAX_INPUT_DEPTH) return { loc: path, msg: "The input is nested too deeply.", type: "too_deep" };
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) stack.push({ value: item[index], path: [...path, index] });
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (key.includes("\u0000")) return { loc: path, msg: "Text must not contain a NUL character.", type: "nul" };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}
