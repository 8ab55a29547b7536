/**
 * Who may change announcements and FAQs (spec 3 §2.4, §6). The spec names view, create and edit
 * permissions and is silent on delete and on the active checkbox; both count as changing an
 * existing row, so they need the edit permission (docs/decisions.md, part content).
 */
import type { Permission } from "../../common/permissions.ts";

export type ContentAction = "view" | "create" | "edit" | "setActive" | "delete";

export const ANNOUNCEMENT_PERMISSIONS: Record<ContentAction, Permission> = {
  view: "announcement:view",
  create: "announcement:create",
  edit: "announcement:edit",
  setActive: "announcement:edit",
  delete: "announcement:edit",
};

/** The FAQ page itself needs faq:view; reading the list is public (spec 1 §2). */
export const FAQ_PERMISSIONS: Record<Exclude<ContentAction, "view" | "setActive">, Permission> = {
  create: "faq:create",
  edit: "faq:edit",
  delete: "faq:edit",
};
