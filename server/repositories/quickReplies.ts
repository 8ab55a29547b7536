/** SQL for the quick replies: the ticket page's offer (spec/2-staff-ticket-work.md §2, §7) and the setup page (spec/3-staff-administration.md §2.4). */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

interface ReplyRow {
  id: number;
  title: string;
  message: string;
}

/** Adds each reply's category ids (sorted) with one query for the whole list. */
async function withCategories(db: Kysely<Database>, replies: ReplyRow[]) {
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

/**
 * The quick replies of a category: those assigned to it and those assigned to none, which are
 * general replies offered everywhere (docs/decisions/chat.md). Ordered by title.
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
  return withCategories(db, replies);
}

/** Every quick reply with its categories, ordered by title (the setup page). */
export async function listQuickReplies(db: Kysely<Database>) {
  const replies = await db
    .selectFrom("quick_replies")
    .select(["id", "title", "message"])
    .orderBy("title")
    .orderBy("id")
    .execute();
  return withCategories(db, replies);
}

export function findQuickReply(db: Kysely<Database>, id: number) {
  return db.selectFrom("quick_replies").select("id").where("id", "=", id).executeTakeFirst();
}

/** Replaces a reply's categories with `categoryIds` (none: a general reply). */
export async function replaceQuickReplyCategories(
  trx: Transaction<Database>,
  replyId: number,
  categoryIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom("quick_reply_categories").where("quick_reply_id", "=", replyId).execute();
  if (categoryIds.length === 0) return;
  await trx
    .insertInto("quick_reply_categories")
    .values(categoryIds.map((category_id) => ({ quick_reply_id: replyId, category_id })))
    .execute();
}
