/**
 * Notification sounds (spec/2-staff-ticket-work.md §6): volume 0.7 for messages, 0.9 for tags and assignments. The
 * two short chimes are synthesised here as 16-bit mono WAV, so no binary asset is shipped; a
 * failed playback (autoplay refused, no audio device) is only logged (spec/2-staff-ticket-work.md §8).
 */
import type { NotificationType } from "../../../../common/schemas/chatList.ts";

const SAMPLE_RATE = 22_050;

/** A short two-note chime with a soft attack and decay, as a WAV data URL. */
export function chimeWav(frequencies: readonly number[], noteSeconds = 0.14): string {
  const perNote = Math.round(SAMPLE_RATE * noteSeconds);
  const samples = perNote * frequencies.length;
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  frequencies.forEach((frequency, note) => {
    for (let i = 0; i < perNote; i++) {
      const t = i / SAMPLE_RATE;
      const envelope = Math.min(1, i / 200) * Math.exp((-4 * i) / perNote);
      const value = Math.sin(2 * Math.PI * frequency * t) * envelope * 0.6;
      view.setInt16(44 + (note * perNote + i) * 2, Math.round(value * 32_767), true);
    }
  });
  let binary = "";
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:audio/wav;base64,${btoa(binary)}`;
}

export const SOUND_VOLUME: Record<NotificationType, number> = {
  new_message: 0.7,
  tag: 0.9,
  assignment: 0.9,
  hold_expired: 0.9,
};

const cache = new Map<string, string>();
function soundFor(type: NotificationType): string {
  const key = type === "new_message" ? "message" : "alert";
  let url = cache.get(key);
  if (!url) {
    url = key === "message" ? chimeWav([880, 1175]) : chimeWav([659, 988, 1319]);
    cache.set(key, url);
  }
  return url;
}

export function playNotificationSound(type: NotificationType): void {
  try {
    const audio = new Audio(soundFor(type));
    audio.volume = SOUND_VOLUME[type];
    audio.play().catch((error: unknown) => console.error("notification sound failed", error));
  } catch (error) {
    console.error("notification sound failed", error);
  }
}
