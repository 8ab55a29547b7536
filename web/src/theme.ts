/** The Mantine theme: one primary colour, rounded cards, system fonts that cover all twelve scripts. */
import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  // Filled buttons and links in the primary colour: white on blue.6 is 3.5:1, on blue.8 4.9:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  cursorType: "pointer",
});

/**
 * Secondary text reaches WCAG AA (4.5:1) on every surface it sits on. Mantine's dimmed is gray.6
 * in light (3.3:1 on white) and dark.2 in dark (4.0:1 on the body), so both are replaced here,
 * once for every `c="dimmed"`, input description and placeholder. Measured (WCAG relative
 * luminance): light #5f666d is 5.8:1 on white, 5.2:1 on gray.1, 4.9:1 on gray.2; dark #a8a8a8 is
 * 6.5:1 on the body (dark.7), 5.7:1 on dark.6 cards and inputs, 4.7:1 on dark.5. Placeholders:
 * #6c757d is 4.7:1 on a white input, #969696 4.6:1 on a dark.6 input.
 */
export const SECONDARY_TEXT = {
  light: { dimmed: "#5f666d", placeholder: "#6c757d" },
  dark: { dimmed: "#a8a8a8", placeholder: "#969696" },
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": SECONDARY_TEXT.light.dimmed,
    "--mantine-color-placeholder": SECONDARY_TEXT.light.placeholder,
  },
  dark: {
    "--mantine-color-dimmed": SECONDARY_TEXT.dark.dimmed,
    "--mantine-color-placeholder": SECONDARY_TEXT.dark.placeholder,
  },
});
