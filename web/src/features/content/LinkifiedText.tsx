/**
 * Plain text with its web addresses turned into links that open in a new tab (spec/1-product-frame.md §2). The
 * links are React elements built from the matched text; the text is never parsed as HTML.
 */
import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";

// http(s) addresses and bare www. addresses, up to the next white space or quote/angle bracket.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}'"]+$/;

export interface TextPart {
  text: string;
  /** Set when the part is a web address: where the link goes. */
  href?: string;
}

export function splitAddresses(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, "");
    if (!address) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    parts.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function LinkifiedText({ text }: { text: string }): ReactNode {
  return splitAddresses(text).map((part, index) =>
    part.href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
      <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </Anchor>
    ) : (
      part.text
    ),
  );
}
