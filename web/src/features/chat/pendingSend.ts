/**
 * The id a chat send carries (`client_id`): the same draft sent again after
 * a failure (no answer, the connection lost, the node gone) keeps its id, so that the server
 * answers the message it may already have stored instead of storing it twice. A sent draft, or a
 * changed one, gets a fresh id.
 */

/** 32 hex digits; crypto.getRandomValues works on plain-HTTP pages too, unlike randomUUID. */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class PendingSend {
  #key: string | null = null;
  #id = "";

  /** The id of the send of this draft: the same as last time while the draft is unchanged and unsent. */
  idFor(draft: { text: string; replyToId: number | null; files: { name: string; size: number }[] }): string {
    const key = JSON.stringify([draft.text, draft.replyToId, draft.files.map((f) => [f.name, f.size])]);
    if (key !== this.#key) {
      this.#key = key;
      this.#id = newClientId();
    }
    return this.#id;
  }

  /** The draft was stored: its next send is a new message. */
  sent(): void {
    this.#key = null;
  }
}
