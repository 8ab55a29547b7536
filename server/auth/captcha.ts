/**
 * ALTCHA bot challenge (self-hosted proof of work). A challenge is HMAC-signed with the key from
 * config and expires; a solved one is accepted exactly once (its id is recorded in
 * used_captcha_challenges with an atomic insert, so two nodes cannot both accept it).
 */
import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { verify } from "altcha-lib/frameworks/shared";
import type { Kysely } from "kysely";
import type { CaptchaChallenge } from "../../common/schemas/publicConfig.ts";
import { DEFAULT_CAPTCHA_MAX_COUNTER } from "../config.ts";
import type { Database } from "../db/schema.ts";
import { nowSeconds } from "./tokens.ts";

const CHALLENGE_SECONDS = 10 * 60;
const ALGORITHM = "SHA-256";

export interface CaptchaOptions {
  mode: "altcha" | "off";
  hmacKey: string;
  /** Work per attempt and the range of attempts: tuned for ~0.5-1 s in a browser. */
  cost?: number;
  maxCounter?: number;
}

export class Captcha {
  readonly mode: "altcha" | "off";
  readonly #hmacKey: string;
  readonly #keySecret: string;
  readonly #cost: number;
  readonly #maxCounter: number;
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>, options: CaptchaOptions) {
    this.#db = db;
    this.mode = options.mode;
    this.#hmacKey = options.hmacKey;
    this.#keySecret = `${options.hmacKey}:key`;
    this.#cost = options.cost ?? 1;
    this.#maxCounter = options.maxCounter ?? DEFAULT_CAPTCHA_MAX_COUNTER;
  }

  /** A new challenge, as plain data for the answer's schema (which passes every key through). */
  async createChallenge(): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: this.#cost,
      counter: randomInt(Math.floor(this.#maxCounter / 4), this.#maxCounter),
      deriveKey,
      expiresAt: nowSeconds() + CHALLENGE_SECONDS,
      hmacSignatureSecret: this.#hmacKey,
      hmacKeySignatureSecret: this.#keySecret,
    });
    return { ...challenge, parameters: { ...challenge.parameters } };
  }

  /** True when the payload solves a challenge of ours that has not been used before. */
  async verifyOnce(payload: string): Promise<boolean> {
    if (this.mode === "off") return true;
    if (!payload) return false;
    const expiresAt = nowSeconds() + CHALLENGE_SECONDS;
    const store = {
      get: async () => false,
      set: async () => {},
      setIfAbsent: async (id: string) => {
        const row = await this.#db
          .insertInto("used_captcha_challenges")
          .values({ signature: id.slice(0, 200), expires_at: expiresAt })
          .onConflict((oc) => oc.column("signature").doNothing())
          .returning("signature")
          .executeTakeFirst();
        return row !== undefined;
      },
    };
    try {
      const result = await verify(payload, deriveKey, this.#hmacKey, this.#keySecret, store as never);
      return result.error === null;
    } catch {
      return false;
    }
  }

  /** Forgets used challenges that have expired anyway (they can no longer verify). */
  async sweep(now = nowSeconds()): Promise<void> {
    await this.#db.deleteFrom("used_captcha_challenges").where("expires_at", "<", now).execute();
  }
}
