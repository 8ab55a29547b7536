import { describe, expect, it } from "vitest";
import { chimeWav, SOUND_VOLUME } from "./sounds.ts";

describe("notification sounds", () => {
  it("synthesises a valid mono 16-bit WAV", () => {
    const url = chimeWav([880, 1175], 0.1);
    expect(url.startsWith("data:audio/wav;base64,")).toBe(true);
    const bytes = Buffer.from(url.split(",")[1]!, "base64");
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WAVE");
    expect(bytes.readUInt16LE(22)).toBe(1);
    expect(bytes.readUInt16LE(34)).toBe(16);
    expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
    expect(bytes.length).toBe(44 + Math.round(22_050 * 0.1) * 2 * 2);
    expect(bytes.subarray(44).some((b) => b !== 0)).toBe(true);
  });

  it("plays messages at 0.7 and tags and assignments at 0.9 (spec/2-staff-ticket-work.md §6), a hold's end as an assignment", () => {
    expect(SOUND_VOLUME).toEqual({ new_message: 0.7, tag: 0.9, assignment: 0.9, hold_expired: 0.9 });
  });
});
