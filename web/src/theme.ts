/** The Mantine theme: one primary colour, rounded cards, system fonts that cover all twelve scripts. */
import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  // Filled buttons and links in the primary colour: white on blue.6 is 3.5:1, on blue.8 4.9:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  // Whoever asks their system for less motion gets Mantine's transitions without it (WCAG 2.3.3).
  respectReducedMotion: true,
  // Filled surfaces take black or white text, whichever contrasts more: 0.179 is the relative
  // luminance at which both reach the same ratio (4.58:1), so either choice is at least that.
  autoContrast: true,
  luminanceThreshold: 0.179,
});

/** WCAG 2 relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
}

/** The colour darkened towards black, step by step, until it reaches 4.5:1 on the background. */
export function darkenToAA(hex: string, background: string): string {
  let [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let colour = hex;
  while (contrast(colour, background) < 4.5) {
    [r, g, b] = [r, g, b].map((c) => Math.floor((c ?? 0) * 0.92));
    colour = `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, "0")).join("")}`;
  }
  return colour;
}

/**
 * Light-variant text (badges, alerts, light buttons) in the light scheme is shade 9 on shade 1;
 * for yellow, orange, lime and a few more that is under 4.5:1 (yellow: 2.7:1). Each such colour's
 * text is darkened just enough, measured on its own light background.
 */
const lightVariantText: Record<string, string> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
    const [text, background] = [shades[9], shades[1]];
    if (contrast(text, background) >= 4.5) return [];
    return [[`--mantine-color-${name}-light-color`, darkenToAA(text, background)]];
  }),
);

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

/**
 * Error text (an input's error, `c="red"` refusals) reaches 4.5:1 too. Mantine's error colour is
 * red.6 in light (3.3:1 on white) and red.8 in dark (3.4:1 on the body), and `c="red"` is red.8
 * in light (4.5:1 on white but 4.1:1 on gray.1). Measured: red.9 is 5.5:1 on white, 4.9:1 on
 * gray.1; red.4 is 6.7:1 on the dark body, 5.9:1 on dark.6 inputs and cards, 4.8:1 on dark.5.
 */
export const ERROR_TEXT = {
  light: DEFAULT_THEME.colors.red[9],
  dark: DEFAULT_THEME.colors.red[4],
} as const;

/** The first shade from `from` towards the lightest that reaches 4.5:1 on the background. */
function lightenToAA(shades: readonly string[], from: number, background: string): string {
  for (let index = from; index >= 0; index--) {
    const shade = shades[index];
    if (shade && contrast(shade, background) >= 4.5) return shade;
  }
  return shades[0] ?? "#ffffff";
}

/**
 * Coloured text (`c="orange"`, `c="green"`…) reaches 4.5:1 too, even at 12 px. Mantine draws it
 * in shade 8 in light (orange 3.6:1 on white, yellow 2.5:1) and shade 4 in dark (violet 3.3:1 on
 * dark.5). Each colour under that is darkened from shade 9 until it reaches 4.5:1 on gray.1 in
 * light, and raised to the first lighter shade that reaches it on dark.5 in dark. Red is the error
 * colour's, below; dark is the dark scheme's own surfaces.
 */
function paletteText(scheme: "light" | "dark"): Record<string, string> {
  const { gray, dark } = DEFAULT_THEME.colors;
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
      if (name === "red" || name === "dark") return [];
      if (scheme === "light") {
        if (contrast(shades[8], gray[1]) >= 4.5) return [];
        return [[`--mantine-color-${name}-text`, darkenToAA(shades[9], gray[1])]];
      }
      if (contrast(shades[4], dark[5]) >= 4.5) return [];
      return [[`--mantine-color-${name}-text`, lightenToAA(shades, 3, dark[5])]];
    }),
  );
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightVariantText,
    ...paletteText("light"),
    "--mantine-color-dimmed": SECONDARY_TEXT.light.dimmed,
    "--mantine-color-placeholder": SECONDARY_TEXT.light.placeholder,
    "--mantine-color-error": ERROR_TEXT.light,
    "--mantine-color-red-text": ERROR_TEXT.light,
  },
  dark: {
    ...paletteText("dark"),
    "--mantine-color-dimmed": SECONDARY_TEXT.dark.dimmed,
    "--mantine-color-placeholder": SECONDARY_TEXT.dark.placeholder,
    "--mantine-color-error": ERROR_TEXT.dark,
    "--mantine-color-red-text": ERROR_TEXT.dark,
  },
});
