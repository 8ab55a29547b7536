/**
 * A control the server's abilities turned off (a staff ticket's `abilities.refusals`): the reason,
 * the refused call's own error text in the reader's language, on hover. A disabled button takes no
 * pointer events, so the tooltip hangs on a wrapper.
 */
import { Tooltip } from "@mantine/core";
import type { ReactElement } from "react";
import { useErrorText } from "./useErrorText.ts";

export function RefusalTooltip({ code, children }: { code: string | undefined; children: ReactElement }) {
  const text = useErrorText();
  if (!code) return children;
  return (
    <Tooltip label={text("", code)} withArrow multiline maw={320}>
      <span data-refusal={code}>{children}</span>
    </Tooltip>
  );
}
