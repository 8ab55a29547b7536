/** FAQ setup (spec/3-staff-administration.md §2.4). */
import { FaqSetup } from "../../../features/content/FaqSetup.tsx";

export default function FaqSetupPage() {
  return <FaqSetup />;
}
