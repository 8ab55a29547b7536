/**
 * Secondary text and primary buttons measured against the surfaces they sit on: WCAG
 * 2 contrast of at least 4.5:1 in light and dark. The surfaces are Mantine's own palette.
 */
import { DEFAULT_THEME, type MantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrast, cssVariablesResolver, ERROR_TEXT, SECONDARY_TEXT, theme } from "./theme.ts";

const { gray, dark, blue, red } = DEFAULT_THEME.colors;

describe("secondary text contrast", () => {
  it("dimmed text reaches 4.5:1 on every light surface (body, gray.0 to gray.2)", () => {
    for (const surface of ["#ffffff", gray[0], gray[1], gray[2]]) {
      expect(contrast(SECONDARY_TEXT.light.dimmed, surface), surface).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("dimmed text reaches 4.5:1 on every dark surface (body dark.7, cards dark.6, dark.5, dark.8)", () => {
    for (const surface of [dark[5], dark[6], dark[7], dark[8]]) {
      expect(contrast(SECONDARY_TEXT.dark.dimmed, surface), surface).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("placeholders reach 4.5:1 in their inputs (white in light, dark.6 in dark)", () => {
    expect(contrast(SECONDARY_TEXT.light.placeholder, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(SECONDARY_TEXT.dark.placeholder, dark[6])).toBeGreaterThanOrEqual(4.5);
  });

  it("Mantine's own dimmed colours would not (so the override is what makes it pass)", () => {
    expect(contrast(gray[6], "#ffffff")).toBeLessThan(4.5);
    expect(contrast(dark[2], dark[7])).toBeLessThan(4.5);
  });
});

describe("primary colour", () => {
  it("white text on a filled primary button reaches 4.5:1 in both schemes", () => {
    const shade = theme.primaryShade as { light: number; dark: number };
    for (const index of [shade.light, shade.dark]) {
      const filled = blue[index];
      expect(filled).toBeDefined();
      expect(contrast("#ffffff", filled ?? "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("light-variant text (badges, alerts)", () => {
  it("reaches 4.5:1 on its own light background for every colour in the light scheme", () => {
    const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as MantineTheme).light;
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = light[`--mantine-color-${name}-light-color`] ?? shades[9];
      expect(contrast(text, shades[1]), name).toBeGreaterThanOrEqual(4.5);
    }
    // Yellow is the one the axe run found (2.7:1 before).
    expect(light["--mantine-color-yellow-light-color"]).toBeDefined();
  });
});

describe("error text contrast", () => {
  const resolved = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as MantineTheme);

  it("reaches 4.5:1 on every light surface it sits on (white inputs and cards, gray.0, gray.1)", () => {
    for (const surface of ["#ffffff", gray[0], gray[1]]) {
      expect(contrast(ERROR_TEXT.light, surface), surface).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("reaches 4.5:1 on every dark surface it sits on (body dark.7, cards and inputs dark.6, dark.5, dark.8)", () => {
    for (const surface of [dark[5], dark[6], dark[7], dark[8]]) {
      expect(contrast(ERROR_TEXT.dark, surface), surface).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is what the theme gives to Mantine\'s error colour and to c="red" in both schemes', () => {
    expect(resolved.light["--mantine-color-error"]).toBe(ERROR_TEXT.light);
    expect(resolved.dark["--mantine-color-error"]).toBe(ERROR_TEXT.dark);
    expect(resolved.light["--mantine-color-red-text"]).toBe(ERROR_TEXT.light);
    expect(resolved.dark["--mantine-color-red-text"]).toBe(ERROR_TEXT.dark);
  });

  it("Mantine's own error colours would not (red.6 in light, red.8 in dark)", () => {
    expect(contrast(red[6], "#ffffff")).toBeLessThan(4.5);
    expect(contrast(red[8], dark[7])).toBeLessThan(4.5);
  });
});

describe('coloured text (c="orange", c="green"…)', () => {
  const resolved = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as MantineTheme);
  const shade = theme.primaryShade as { light: number; dark: number };
  /** What `c="<name>"` draws in a scheme: the theme's value, else Mantine's own shade. */
  const textOf = (scheme: "light" | "dark", name: string) =>
    resolved[scheme][`--mantine-color-${name}-text`] ??
    DEFAULT_THEME.colors[name]?.[scheme === "light" ? shade.light : 4] ??
    "";
  const colours = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== "dark");

  it("reaches 4.5:1 on every light surface for every colour (white, gray.0, gray.1)", () => {
    for (const name of colours) {
      for (const surface of ["#ffffff", gray[0], gray[1]]) {
        expect(contrast(textOf("light", name), surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("reaches 4.5:1 on every dark surface for every colour (dark.5 to dark.8)", () => {
    for (const name of colours) {
      for (const surface of [dark[5], dark[6], dark[7], dark[8]]) {
        expect(contrast(textOf("dark", name), surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("Mantine's own orange, in the staff chat's system lines, would not (3.6:1 at 12 px on white)", () => {
    expect(contrast(DEFAULT_THEME.colors.orange[8], "#ffffff")).toBeLessThan(4.5);
    expect(resolved.light["--mantine-color-orange-text"]).toBeDefined();
  });
});
