/**
 * PlayerSignals draws nothing (tab title, list updates, toasts) and needs the realtime socket,
 * which itself waits for the first render: so it loads after the first render too, with the
 * other deferred parts (ui/deferred.ts; docs/decisions/first-load.md).
 */
import { deferredModule, loadWhenIdle } from "../../ui/deferred.ts";

const playerSignals = deferredModule(() => import("./PlayerSignals.tsx"));
loadWhenIdle(playerSignals);

export function DeferredPlayerSignals() {
  const loaded = playerSignals.use();
  return loaded ? <loaded.PlayerSignals /> : null;
}
