/**
 * Client-side checks of chosen files (spec 1 §5, spec 2 §5): allowed types by MIME, the shared
 * size limit, at most five, duplicates (same name and last-modified time) dropped. The server
 * checks again by the file's bytes; these only spare the player a refused upload.
 */
import { ALLOWED_ATTACHMENT_TYPES, LIMITS } from "../../../../common/constants.ts";

export type FileCheck =
  | { ok: true; files: File[]; dropped: number }
  | { ok: false; reason: "type" }
  | { ok: false; reason: "size" };

const ALLOWED = new Set<string>(ALLOWED_ATTACHMENT_TYPES);

/** What the file picker offers; the check below is what decides. */
export const ACCEPT_ATTRIBUTE = ALLOWED_ATTACHMENT_TYPES.join(",");

function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.lastModified === b.lastModified;
}

export function addFiles(current: File[], incoming: File[]): FileCheck {
  if (incoming.some((file) => !ALLOWED.has(file.type))) return { ok: false, reason: "type" };
  if (incoming.some((file) => file.size > LIMITS.uploadBytes)) return { ok: false, reason: "size" };
  const merged = [...current];
  let dropped = 0;
  for (const file of incoming) {
    if (merged.some((kept) => sameFile(kept, file))) continue;
    if (merged.length >= LIMITS.attachments) {
      dropped += 1;
      continue;
    }
    merged.push(file);
  }
  return { ok: true, files: merged, dropped };
}

/** What an attachment URL points at, by the stored name's extension. */
export function attachmentKind(url: string): "image" | "video" | "file" | "deleted" {
  if (url === "DELETED") return "deleted";
  const extension = url.split(".").pop()?.toLowerCase() ?? "";
  if (["jpg", "jpeg", "png", "bmp", "webp"].includes(extension)) return "image";
  if (extension === "mp4") return "video";
  return "file";
}

export function attachmentLabel(url: string): string {
  const extension = url.split(".").pop()?.toUpperCase() ?? "";
  return extension.length <= 5 ? extension : "";
}
