/** The Mantine theme: one primary colour, rounded cards, system fonts that cover all twelve scripts. */
import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  cursorType: "pointer",
});
