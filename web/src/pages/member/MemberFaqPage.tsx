/** The FAQ inside the member area (spec/1-product-frame.md §2): the same entries as the public page. */
import { FaqPageContent } from "../../features/content/FaqPageContent.tsx";

export default function MemberFaqPage() {
  return <FaqPageContent />;
}
