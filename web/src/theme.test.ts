/**
 * Secondary text and primary buttons measured against the surfaces they sit on (issue 9): WCAG
 * 2 contrast of at least 4.5:1 in light and dark. The surfaces are Mantine's own palette.
 */
import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { SECONDARY_TEXT, theme } from "./theme.ts";

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const { gray, dark, blue } = DEFAULT_THEME.colors;

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
