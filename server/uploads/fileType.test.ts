import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { detectAllowedType } from "./fileType.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "filetype-"));
function write(name: string, content: Buffer | string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

describe("attachment type by magic bytes", () => {
  it.each(Object.entries(SAMPLE_FILES))("recognises %s", async (mime, sample) => {
    expect(await detectAllowedType(write(`sample-${sample.name}`, sample.bytes))).toBe(mime);
  });

  it("ignores the name: an HTML page called picture.png is refused", async () => {
    expect(await detectAllowedType(write("picture.png", "<!doctype html><script>alert(1)</script>"))).toBe(
      "text/plain",
    );
    expect(await detectAllowedType(write("x.png", Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])))).toBeNull();
  });

  it("refuses executables, archives and XML that is not SVG", async () => {
    expect(await detectAllowedType(write("a.zip", Buffer.from("504b030414000000080000000000", "hex")))).toBeNull();
    expect(await detectAllowedType(write("a.xml", '<?xml version="1.0"?><note>hi</note>'))).toBeNull();
    expect(
      await detectAllowedType(write("a.gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"))),
    ).toBeNull();
  });
});
