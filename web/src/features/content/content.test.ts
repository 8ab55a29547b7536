import { describe, expect, it } from "vitest";
import { splitAddresses } from "./LinkifiedText.tsx";
import { pickText } from "./localize.ts";

describe("pickText", () => {
  it("shows the original text in Turkish and the English text in every other language", () => {
    expect(pickText("tr", "Merhaba", "Hello")).toBe("Merhaba");
    expect(pickText("en", "Merhaba", "Hello")).toBe("Hello");
    expect(pickText("ar", "Merhaba", "Hello")).toBe("Hello");
  });

  it("falls back to the other text when the preferred one is empty", () => {
    expect(pickText("tr", "", "Hello")).toBe("Hello");
    expect(pickText("de", "Merhaba", "  ")).toBe("Merhaba");
  });
});

describe("splitAddresses", () => {
  it("turns web addresses into link parts and leaves sentence punctuation outside", () => {
    expect(splitAddresses("See https://example.com/a?b=1. Or www.example.org, thanks")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ". Or " },
      { text: "www.example.org", href: "https://www.example.org" },
      { text: ", thanks" },
    ]);
  });

  it("keeps text without addresses as one part, and never links other schemes", () => {
    expect(splitAddresses("No link here")).toEqual([{ text: "No link here" }]);
    expect(splitAddresses("javascript:alert(1)")).toEqual([{ text: "javascript:alert(1)" }]);
  });
});
