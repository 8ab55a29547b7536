/**
 * The letter shortcuts on any keyboard layout, through Mantine's own matcher: the letter where the
 * layout types it, the key in its place where the layout types no Latin letter, once per press.
 */
import { getHotkeyHandler } from "@mantine/hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { letterHotkeys, SHORTCUT_GROUPS } from "./hotkeys.ts";

interface Press {
  key: string;
  code: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
}

/** A keydown as the browser gives it, with no modal open and no field focused. */
function keydown({ key, code, shiftKey = false, ctrlKey = false }: Press) {
  let prevented = false;
  const event = {
    key,
    code,
    shiftKey,
    ctrlKey,
    altKey: false,
    metaKey: false,
    isComposing: false,
    target: null,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault() {
      prevented = true;
    },
  };
  return event as unknown as KeyboardEvent;
}

/** How many times the `j` handler runs for a press, and whether the key's default was prevented. */
function pressJ(press: Press, acts = true): { runs: number; prevented: boolean } {
  let runs = 0;
  const handler = getHotkeyHandler(
    letterHotkeys("j", () => {
      runs++;
      return acts;
    }),
  );
  const event = keydown(press);
  handler(event);
  return { runs, prevented: event.defaultPrevented };
}

describe("letter shortcuts", () => {
  const saved = globalThis.document;
  beforeAll(() => {
    // No modal dialog is open.
    globalThis.document = { querySelector: () => null } as unknown as Document;
  });
  afterAll(() => {
    if (saved === undefined) Reflect.deleteProperty(globalThis, "document");
    else globalThis.document = saved;
  });

  it("run once for the letter on a Latin layout (QWERTY, and Dvorak where j is elsewhere)", () => {
    expect(pressJ({ key: "j", code: "KeyJ" })).toEqual({ runs: 1, prevented: true });
    expect(pressJ({ key: "j", code: "KeyC" })).toEqual({ runs: 1, prevented: true });
  });

  it("run for the key in the letter's place where the layout types no Latin letter (Russian о, Arabic ت)", () => {
    expect(pressJ({ key: "о", code: "KeyJ" }).runs).toBe(1);
    expect(pressJ({ key: "ت", code: "KeyJ" }).runs).toBe(1);
  });

  it("leave other letters, Shift and Ctrl combinations alone", () => {
    // Dvorak's h sits where QWERTY has j.
    expect(pressJ({ key: "h", code: "KeyJ" }).runs).toBe(0);
    expect(pressJ({ key: "J", code: "KeyJ", shiftKey: true }).runs).toBe(0);
    expect(pressJ({ key: "j", code: "KeyJ", ctrlKey: true }).runs).toBe(0);
  });

  it("keep the key's default when the handler does nothing (no list on the page)", () => {
    expect(pressJ({ key: "j", code: "KeyJ" }, false)).toEqual({ runs: 1, prevented: false });
  });

  it("stay out of the way while a modal dialog is open", () => {
    globalThis.document = { querySelector: () => ({}) } as unknown as Document;
    try {
      expect(pressJ({ key: "j", code: "KeyJ" })).toEqual({ runs: 0, prevented: false });
    } finally {
      globalThis.document = { querySelector: () => null } as unknown as Document;
    }
  });
});

describe("the shortcuts' help", () => {
  it("lists ?, Esc, j, k, Enter, r and n, each once", () => {
    const keys = SHORTCUT_GROUPS.flatMap((group) => group.entries.flatMap((entry) => entry.keys));
    expect(keys.sort()).toEqual(["?", "Enter", "Esc", "j", "k", "n", "r"].sort());
  });
});
