/** The public FAQ (spec/1-product-frame.md §2): every entry, expandable, in two alternating columns on wide screens. */
import { FaqPageContent } from "../../features/content/FaqPageContent.tsx";

export default function PublicFaqPage() {
  return <FaqPageContent />;
}
