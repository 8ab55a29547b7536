/**
 * Mantine's modals provider, without children: it only draws the confirmation dialogs that
 * `openConfirm` asks for. A chunk loaded after the first render (see DeferredHosts.tsx).
 */
import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";

export default function ModalsHost({ onMounted }: { onMounted: () => void }) {
  // Runs after the provider's own effects: its window listeners are in place.
  useEffect(() => onMounted(), [onMounted]);
  return <ModalsProvider />;
}
