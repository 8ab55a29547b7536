/**
 * Processes a test starts (app nodes, nginx) end with the test runner: a suite that fails or times
 * out before its afterAll, or a runner that exits early, would otherwise leave them running, holding
 * their ports and their database connections.
 */
import type { ChildProcess } from "node:child_process";

const running = new Map<ChildProcess, NodeJS.Signals>();
let hooked = false;

/** Sends `signal` to `child` when this process exits, unless it has exited by then. */
export function endWithRunner(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): void {
  running.set(child, signal);
  child.once("exit", () => running.delete(child));
  if (hooked) return;
  hooked = true;
  process.once("exit", () => {
    for (const [child, signal] of running) child.kill(signal);
  });
}
