/** A bad file is refused alone, by name and reason; the good ones stay. */
import { describe, expect, it } from "vitest";
import type { UploadLimits } from "../../../../common/schemas/publicConfig.ts";
import { addFiles, formatUploadSize, typeNames, withoutRefusedUpload } from "./attachments.ts";

const LIMITS: UploadLimits = { maxBytes: 1000, maxFiles: 3, types: ["image/png", "text/plain"] };
const file = (name: string, type: string, size = 10, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type, lastModified });

describe("addFiles", () => {
  it("keeps the good files and names each bad one with its reason", () => {
    const kept = file("kept.png", "image/png");
    const result = addFiles(
      [kept],
      [
        file("notes.txt", "text/plain"),
        file("tool.exe", "application/x-msdownload"),
        file("big.png", "image/png", 2000),
      ],
      LIMITS,
    );
    expect(result.files.map((f) => f.name)).toEqual(["kept.png", "notes.txt"]);
    expect(result.refused).toEqual([
      { name: "tool.exe", reason: "type" },
      { name: "big.png", reason: "size" },
    ]);
  });

  it("refuses files past the count by name, and drops a duplicate silently", () => {
    const a = file("a.png", "image/png");
    const result = addFiles(
      [a],
      [file("a.png", "image/png"), file("b.png", "image/png"), file("c.png", "image/png"), file("d.png", "image/png")],
      LIMITS,
    );
    expect(result.files.map((f) => f.name)).toEqual(["a.png", "b.png", "c.png"]);
    expect(result.refused).toEqual([{ name: "d.png", reason: "count" }]);
  });

  it("follows the server's limits, not fixed ones", () => {
    const result = addFiles([], [file("clip.mp4", "video/mp4")], { ...LIMITS, types: ["video/mp4"] });
    expect(result.refused).toEqual([]);
  });
});

describe("the limits line", () => {
  it("names the types and the size in the reader's language", () => {
    expect(typeNames(LIMITS)).toEqual(["PNG", "TXT"]);
    expect(formatUploadSize(52_428_800, "en")).toBe("50 MB");
    expect(formatUploadSize(52_428_800, "de")).toMatch(/^50\sMB$/);
  });
});

describe("withoutRefusedUpload", () => {
  const sent = [file("a.png", "image/png"), file("renamed.png", "image/png"), file("c.txt", "text/plain")];

  it("drops the file the server named by its position, names it with the reason, and keeps the rest", () => {
    const result = withoutRefusedUpload(sent, { index: 1 }, "type");
    expect(result?.files.map((f) => f.name)).toEqual(["a.png", "c.txt"]);
    expect(result?.refused).toEqual([{ name: "renamed.png", reason: "type" }]);
    expect(withoutRefusedUpload(sent, { index: 2 }, "size")?.refused).toEqual([{ name: "c.txt", reason: "size" }]);
  });

  it("answers null when the server named no file that was sent, so that the caller clears all", () => {
    expect(withoutRefusedUpload(sent, undefined, "size")).toBeNull();
    expect(withoutRefusedUpload(sent, { index: 3 }, "type")).toBeNull();
  });
});
