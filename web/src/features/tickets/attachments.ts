/**
 * Client-side checks of chosen files (spec/1-product-frame.md §5, spec/2-staff-ticket-work.md §5): allowed types by MIME, the size
 * limit, at most five, duplicates (same name and last-modified time) dropped. The limits come from
 * the server's public config. A bad file is refused alone, by name and reason; the good ones stay
 * (docs/decisions/player-side.md). The server checks again by the file's bytes; these only
 * spare the player a refused upload.
 */
import { ALLOWED_ATTACHMENT_TYPES, LIMITS } from "../../../../common/constants.ts";
import type { UploadLimits } from "../../../../common/schemas/publicConfig.ts";
import { intlLocale } from "../../ui/intlLocale.ts";

export type RefusalReason = "type" | "size" | "count";
export interface RefusedFile {
  name: string;
  reason: RefusalReason;
}
export interface FileCheck {
  files: File[];
  refused: RefusedFile[];
}

/** The spec's limits (common/constants.ts), for the moment before the server's config arrives. */
export const SPEC_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: LIMITS.uploadBytes,
  maxFiles: LIMITS.attachments,
  types: [...ALLOWED_ATTACHMENT_TYPES],
};

/** What the file picker offers; the check below is what decides. */
export function acceptAttribute(limits: UploadLimits): string {
  return limits.types.join(",");
}

function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.lastModified === b.lastModified;
}

export function addFiles(current: File[], incoming: File[], limits: UploadLimits = SPEC_UPLOAD_LIMITS): FileCheck {
  const allowed = new Set(limits.types);
  const files = [...current];
  const refused: RefusedFile[] = [];
  for (const file of incoming) {
    if (files.some((kept) => sameFile(kept, file))) continue;
    if (!allowed.has(file.type)) refused.push({ name: file.name, reason: "type" });
    else if (file.size > limits.maxBytes) refused.push({ name: file.name, reason: "size" });
    else if (files.length >= limits.maxFiles) refused.push({ name: file.name, reason: "count" });
    else files.push(file);
  }
  return { files, refused };
}

/**
 * The server refused one file of those sent (by its bytes: a type the picker could not see, a
 * size past the limit), naming its position: that file alone goes, named with its reason, and the
 * others stay, as with the picker's own refusals. Null when the server named no file that was
 * sent: then nothing tells the good files from the bad, and the caller clears the selection.
 */
export function withoutRefusedUpload(
  sent: File[],
  refusal: { index: number } | undefined,
  reason: "type" | "size",
): FileCheck | null {
  const file = refusal ? sent[refusal.index] : undefined;
  if (!refusal || !file) return null;
  return { files: sent.filter((_, index) => index !== refusal.index), refused: [{ name: file.name, reason }] };
}

/** Short names of the accepted types, for the line next to the attachment button. */
const TYPE_NAMES: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/bmp": "BMP",
  "image/webp": "WebP",
  "image/svg+xml": "SVG",
  "text/plain": "TXT",
  "video/mp4": "MP4",
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
};

export function typeNames(limits: UploadLimits): string[] {
  return limits.types.map((type) => TYPE_NAMES[type] ?? type.split("/").pop()?.toUpperCase() ?? type);
}

/** The size limit in the reader's language and digits, e.g. "50 MB" or "50 ميغابايت" (Latin digits in Arabic too). */
export function formatUploadSize(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  return new Intl.NumberFormat(intlLocale(language), {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  }).format(megabytes);
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
