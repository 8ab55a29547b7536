/** Dashboard block (spec 3 §2.1), built by issue 8 part dashboard. */
export function ServerCapacityWarning() {
  return null;
}
