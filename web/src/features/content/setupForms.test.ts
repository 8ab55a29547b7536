import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { bodyOf, canSave, draftOf, emptyDraft, formatDay, setIndefinite } from "./announcementDraft.ts";
import { canSubmitFaq, emptyFaqDraft, faqBodyOf, faqDraftOf } from "./faqDraft.ts";

const filledDraft = () => ({
  ...emptyDraft(new Date(2030, 4, 10)),
  title: "Bakım",
  message: "Bu gece",
  engTitle: "Maintenance",
  engMessage: "Tonight",
  endDate: "2030-05-12",
});

describe("the announcement form", () => {
  it("starts today, with value 0 and no end", () => {
    expect(emptyDraft(new Date(2030, 4, 10))).toMatchObject({ startDate: "2030-05-10", endDate: null, value: 0 });
  });

  it("allows Save only with every text, a start, an end (or Indefinite), and a whole value", () => {
    expect(canSave(filledDraft(), null, true)).toBe(true);
    for (const field of ["title", "message", "engTitle", "engMessage"] as const) {
      expect(canSave({ ...filledDraft(), [field]: "  " }, null, true), field).toBe(false);
    }
    // Employee announcements have no English fields.
    expect(canSave({ ...filledDraft(), engTitle: "", engMessage: "" }, null, false)).toBe(true);
    expect(canSave({ ...filledDraft(), startDate: null }, null, true)).toBe(false);
    expect(canSave({ ...filledDraft(), endDate: null }, null, true)).toBe(false);
    expect(canSave(setIndefinite({ ...filledDraft(), endDate: null }, true), null, true)).toBe(true);
    expect(canSave({ ...filledDraft(), endDate: "2030-05-09" }, null, true)).toBe(false);
    expect(canSave({ ...filledDraft(), endDate: "2030-05-10" }, null, true)).toBe(true);
    expect(canSave({ ...filledDraft(), value: "" }, null, true)).toBe(false);
    expect(canSave({ ...filledDraft(), value: 1.5 }, null, true)).toBe(false);
    expect(canSave({ ...filledDraft(), message: "x".repeat(301) }, null, true)).toBe(false);
    expect(canSave({ ...filledDraft(), message: "x".repeat(300) }, null, true)).toBe(true);
  });

  it("allows Save of an edit only when something changed", () => {
    const original = filledDraft();
    expect(canSave(original, original, true)).toBe(false);
    expect(canSave({ ...original, title: " Bakım " }, original, true)).toBe(false);
    expect(canSave({ ...original, value: "0" }, original, true)).toBe(false);
    expect(canSave({ ...original, value: 2 }, original, true)).toBe(true);
    expect(canSave(setIndefinite(original, true), original, true)).toBe(true);
  });

  it("clears the end date when Indefinite is switched on", () => {
    expect(setIndefinite(filledDraft(), true)).toMatchObject({ indefinite: true, endDate: null });
    expect(setIndefinite(filledDraft(), false)).toMatchObject({ indefinite: false, endDate: "2030-05-12" });
  });

  it("sends the first second of the start day and the last second of the end day", () => {
    const body = bodyOf({ ...filledDraft(), title: " Bakım " }, true);
    expect(body).toEqual({
      title: "Bakım",
      message: "Bu gece",
      engTitle: "Maintenance",
      engMessage: "Tonight",
      value: 0,
      startDate: dayjs("2030-05-10T00:00:00").unix(),
      endDate: dayjs("2030-05-12T23:59:59").unix(),
    });
    expect(bodyOf(setIndefinite(filledDraft(), true), false)).toEqual({
      title: "Bakım",
      message: "Bu gece",
      value: 0,
      startDate: dayjs("2030-05-10T00:00:00").unix(),
      endDate: "",
    });
  });

  it("reads a row back into the same days, and shows dates as day.month.year", () => {
    const start = dayjs("2030-05-10T00:00:00").unix();
    const row = { id: 1, title: "t", message: "m", value: 3, startDate: start, endDate: "" as const, active: true };
    expect(draftOf(row)).toMatchObject({ startDate: "2030-05-10", endDate: null, indefinite: true, engTitle: "" });
    expect(draftOf({ ...row, endDate: start + 86_399 })).toMatchObject({ endDate: "2030-05-10", indefinite: false });
    expect(formatDay(start)).toBe("10.05.2030");
  });
});

describe("the FAQ form", () => {
  const faq = { id: 4, title: "Soru", message: "Cevap", engTitle: "Question", engMessage: "Answer", value: 2 };

  it("opens empty with value 0, and submits only with all four texts", () => {
    const empty = emptyFaqDraft();
    expect(empty.value).toBe(0);
    expect(canSubmitFaq(empty, null)).toBe(false);
    const full = { ...faqDraftOf(faq) };
    expect(canSubmitFaq(full, null)).toBe(true);
    for (const field of ["title", "message", "engTitle", "engMessage"] as const) {
      expect(canSubmitFaq({ ...full, [field]: " " }, null), field).toBe(false);
    }
    expect(canSubmitFaq({ ...full, value: "" }, null)).toBe(false);
  });

  it("submits an edit only when something changed", () => {
    const original = faqDraftOf(faq);
    expect(canSubmitFaq(original, original)).toBe(false);
    expect(canSubmitFaq({ ...original, engMessage: "Answer!" }, original)).toBe(true);
    expect(canSubmitFaq({ ...original, value: "2" }, original)).toBe(false);
    expect(canSubmitFaq({ ...original, value: 3 }, original)).toBe(true);
  });

  it("sends trimmed texts and a number", () => {
    expect(faqBodyOf({ ...faqDraftOf(faq), title: " Soru ", value: "7" })).toEqual({
      title: "Soru",
      message: "Cevap",
      engTitle: "Question",
      engMessage: "Answer",
      value: 7,
    });
  });
});
