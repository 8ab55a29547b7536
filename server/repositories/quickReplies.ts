/** SQL for the quick replies the ticket page offers (spec 2 §2, §7). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * The quick replies of a category: those assigned to it and those assigned to none, which are
 * general replies offered everywhere (docs/decisions.md). Ordered by title.
 */
export async function quickRepliesForCategory(db: Kysely<Database>, categoryId: number) {
  const replies = await db
    .selectFrom("quick_replies")
    .select(["id", "title", "message"])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("quick_reply_categories as qc")
            .select("qc.quick_reply_id")
            .whereRef("qc.quick_reply_id", "=", "quick_replies.id")
            .where("qc.category_id", "=", categoryId),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom("quick_reply_categories as qc")
              .select("qc.quick_reply_id")
              .whereRef("qc.quick_reply_id", "=", "quick_replies.id"),
          ),
        ),
      ]),
    )
    .orderBy("title")
    .orderBy("id")
    .execute();
  const links = replies.length
    ? await db
        .selectFrom("quick_reply_categories")
        .select(["quick_reply_id", "category_id"])
        .where(
          "quick_reply_id",
          "in",
          replies.map((r) => r.id),
        )
        .execute()
    : [];
  return replies.map((reply) => ({
    ...reply,
    categories: links
      .filter((l) => l.quick_reply_id === reply.id)
      .map((l) => l.category_id)
      .sort((a, b) => a - b),
  }));
}
