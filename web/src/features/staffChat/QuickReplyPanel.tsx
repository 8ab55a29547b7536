/** Quick replies for the ticket's category (spec 2 §2). Placeholder until the quick-reply work lands. */
export function QuickReplyPanel(_props: { category: number; onPick: (message: string) => void }) {
  return null;
}
