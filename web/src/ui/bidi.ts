/**
 * Unicode isolates for a value set inside a translated sentence (a date, a file name, a size):
 * in an Arabic sentence a Latin value then keeps its own order and cannot pull the sentence's
 * punctuation to the wrong side. FSI…PDI, as the Unicode bidi algorithm recommends for
 * interpolated text.
 */
export function isolate(value: string | number): string {
  return `\u2068${value}\u2069`;
}
