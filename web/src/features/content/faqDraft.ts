/** The FAQ form's state and rules (spec/3-staff-administration.md §2.4, §5), without React. */
import { CONTENT_LIMITS } from "../../../../common/schemas/content.ts";
import type { Faq } from "./api.ts";
import { filled, wholeNumber } from "./formRules.ts";
import type { FaqBody } from "./setupApi.ts";

export interface FaqDraft {
  title: string;
  message: string;
  engTitle: string;
  engMessage: string;
  value: number | string;
}

const TEXTS = ["title", "message", "engTitle", "engMessage"] as const;

/** The add button opens an empty form; the value starts at 0 (spec/3-staff-administration.md §9). */
export function emptyFaqDraft(): FaqDraft {
  return { title: "", message: "", engTitle: "", engMessage: "", value: 0 };
}

export function faqDraftOf(faq: Faq): FaqDraft {
  return {
    title: faq.title,
    message: faq.message,
    engTitle: faq.engTitle,
    engMessage: faq.engMessage,
    value: faq.value,
  };
}

/** Submit is disabled when any of the four texts is empty, the value is not a number, or an edit changed nothing. */
export function canSubmitFaq(draft: FaqDraft, original: FaqDraft | null): boolean {
  const limit = (field: (typeof TEXTS)[number]) =>
    field === "title" || field === "engTitle" ? CONTENT_LIMITS.title : CONTENT_LIMITS.faqMessage;
  if (!TEXTS.every((field) => filled(draft[field], limit(field)))) return false;
  const value = wholeNumber(draft.value);
  if (value === null) return false;
  if (original === null) return true;
  return TEXTS.some((field) => draft[field].trim() !== original[field].trim()) || value !== wholeNumber(original.value);
}

export function faqBodyOf(draft: FaqDraft): FaqBody {
  return {
    title: draft.title.trim(),
    message: draft.message.trim(),
    engTitle: draft.engTitle.trim(),
    engMessage: draft.engMessage.trim(),
    value: wholeNumber(draft.value) ?? 0,
  };
}
