/**
 * Decides a stored file's type from its bytes, never from its name (spec/1-product-frame.md §5 allow-list). Binary
 * formats come from their magic numbers; SVG and plain text have none, so they are recognised as
 * UTF-8 text without NUL bytes, SVG by its root element.
 */
import { open } from "node:fs/promises";
import { fileTypeFromFile } from "file-type";
import { ALLOWED_ATTACHMENT_TYPES } from "../../common/constants.ts";

export type AllowedType = (typeof ALLOWED_ATTACHMENT_TYPES)[number];

export const EXTENSIONS: Record<AllowedType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/bmp": "bmp",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "text/plain": "txt",
  "video/mp4": "mp4",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

const SNIFF_BYTES = 64 * 1024;

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function asText(head: Buffer): string | null {
  if (head.includes(0)) return null;
  try {
    // A multi-byte character cut at the end of the sniffed window is fine; anything else is not text.
    return new TextDecoder("utf-8", { fatal: true }).decode(
      head.subarray(0, head.length - (head.length === SNIFF_BYTES ? 4 : 0)),
    );
  } catch {
    return null;
  }
}

function isSvg(text: string): boolean {
  const start = text
    .replace(/^\uFEFF/, "")
    .replace(/<\?xml[\s\S]*?\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<!DOCTYPE[\s\S]*?>/i, "")
    .trimStart();
  return /^<svg[\s>]/i.test(start);
}

/** The allowed MIME type of the file, or null when it is not one we accept. */
export async function detectAllowedType(filePath: string): Promise<AllowedType | null> {
  const detected = await fileTypeFromFile(filePath);
  const mime = detected?.mime as string | undefined;
  if (mime && mime !== "application/xml") {
    return (ALLOWED_ATTACHMENT_TYPES as readonly string[]).includes(mime) ? (mime as AllowedType) : null;
  }
  const text = asText(await readHead(filePath));
  if (text === null) return null;
  if (isSvg(text)) return "image/svg+xml";
  return mime === "application/xml" ? null : "text/plain";
}

/** Types a browser may show inline: raster images and video. Everything else downloads. */
export function isInlineSafe(mime: string): boolean {
  return ["image/jpeg", "image/png", "image/bmp", "image/webp", "video/mp4"].includes(mime);
}
