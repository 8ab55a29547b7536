import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../../common/constants.ts";
import type { Notification } from "../../../../common/schemas/chatList.ts";
import { notificationText } from "./NotificationItem.tsx";

const ROOT = path.join(import.meta.dirname, "..", "..", "..", "public", "locales");

async function translator() {
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { notifications: JSON.parse(readFileSync(path.join(ROOT, language, "notifications.json"), "utf8")) },
    ]),
  );
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng: "en", fallbackLng: false, ns: ["notifications"], returnNull: false });
  return i18n;
}

const base: Notification = {
  id: 1,
  type: "assignment",
  ticket_code: "abc",
  ticket_id: 7,
  ticket_created_at: 1042,
  by: { id: 3, name: "Mia", avatar: null },
  subject: "Lost my sword",
  player_name: "DarkRider",
  actor_name: "Mia",
  timestamp: 0,
  expires: 0,
  seen: false,
  read: false,
};

describe("notification sentences", () => {
  it("name who acted, the ticket's reference, its subject and its player", async () => {
    const i18n = await translator();
    expect(notificationText(i18n.getFixedT("en"), base)).toBe(
      "Mia assigned ticket #1042 \u201cLost my sword\u201d from DarkRider to you",
    );
  });

  it("have a sentence of their own where no person acted, in every language, with no pasted word", async () => {
    const i18n = await translator();
    expect(notificationText(i18n.getFixedT("en"), { ...base, by: null, actor_name: null })).toBe(
      "Ticket #1042 \u201cLost my sword\u201d from DarkRider was assigned to you",
    );
    for (const language of LANGUAGES) {
      const t = i18n.getFixedT(language);
      for (const type of ["assignment", "tag", "new_message", "hold_expired"] as const) {
        const text = notificationText(t, { ...base, type, by: null, actor_name: null });
        expect(text, `${language} ${type}`).toContain("1042");
        expect(text, `${language} ${type}`).toContain("Lost my sword");
        expect(text, `${language} ${type}`).not.toMatch(/{{|notifications:|undefined|null/);
      }
    }
  });
});
