/**
 * Create, edit, switch on or off, or delete a player or employee announcement (spec/3-staff-administration.md §2.4, §4).
 * The caller's permission is checked before the route runs (common/contract/content.ts); this
 * writes the one row and answers the setup list as it is afterwards, which replaces the page's
 * list. A change to a row that is gone (deleted in another tab) is a 404 and writes nothing.
 */
import type { SubmitAnnouncementBody, SubmitEmployeeAnnouncementBody } from "../../common/schemas/content.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import {
  type AnnouncementKind,
  type AnnouncementValues,
  deleteAnnouncement,
  insertAnnouncement,
  type PlayerAnnouncementValues,
  setAnnouncementActive,
  updateAnnouncement,
} from "../repositories/content.ts";

/** The row's fields, by kind: player announcements carry the English text too. */
export type AnnouncementFields =
  | { kind: "player"; fields: SubmitAnnouncementBody }
  | { kind: "employee"; fields: SubmitEmployeeAnnouncementBody };

export type AnnouncementChange =
  | ({ type: "create" } & AnnouncementFields)
  | ({ type: "edit"; id: number } & AnnouncementFields)
  | { type: "setActive"; kind: AnnouncementKind; id: number; active: boolean }
  | { type: "delete"; kind: AnnouncementKind; id: number };

function columns(row: AnnouncementFields): AnnouncementValues | PlayerAnnouncementValues {
  const { fields } = row;
  const base = {
    title: fields.title,
    message: fields.message,
    value: fields.value,
    start_date: fields.startDate,
    end_date: fields.endDate,
  };
  return row.kind === "player" ? { ...base, eng_title: row.fields.engTitle, eng_message: row.fields.engMessage } : base;
}

export async function changeAnnouncement(ctx: AppContext, change: AnnouncementChange): Promise<void> {
  const db = ctx.store.db;
  let found: boolean;
  switch (change.type) {
    case "create":
      await insertAnnouncement(db, change.kind, columns(change), nowSeconds());
      return;
    case "edit":
      found = await updateAnnouncement(db, change.kind, change.id, columns(change));
      break;
    case "setActive":
      found = await setAnnouncementActive(db, change.kind, change.id, change.active);
      break;
    case "delete":
      found = await deleteAnnouncement(db, change.kind, change.id);
      break;
  }
  if (!found) throw new AppError("not_found", "This announcement does not exist (any more).");
}
