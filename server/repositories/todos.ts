/** SQL of the developer to-do board: one board shared by every employee (docs/decisions/account.md). */
import type { Kysely } from "kysely";
import { TODO_LIST_MAX, type Todo } from "../../common/schemas/todos.ts";
import type { Database } from "../db/schema.ts";

function board(db: Kysely<Database>) {
  return db
    .selectFrom("todos")
    .leftJoin("users", "users.id", "todos.user_id")
    .select(["todos.id", "todos.field", "todos.content", "todos.done", "todos.timestamp", "users.name as author"]);
}

function present(row: {
  id: number;
  field: string;
  content: string;
  done: number;
  timestamp: number;
  author: string | null;
}): Todo {
  return { ...row, done: row.done === 1, author: row.author ?? null };
}

/** Active or done to-dos, newest first, at most TODO_LIST_MAX (the (done, timestamp) index). */
export async function listTodos(db: Kysely<Database>, done: boolean): Promise<Todo[]> {
  const rows = await board(db)
    .where("todos.done", "=", done ? 1 : 0)
    .orderBy("todos.timestamp", "desc")
    .orderBy("todos.id", "desc")
    .limit(TODO_LIST_MAX)
    .execute();
  return rows.map(present);
}

export async function findTodo(db: Kysely<Database>, id: number): Promise<Todo | undefined> {
  const row = await board(db).where("todos.id", "=", id).executeTakeFirst();
  return row && present(row);
}

export async function insertTodo(
  db: Kysely<Database>,
  values: { userId: number; field: string; content: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto("todos")
    .values({ user_id: values.userId, field: values.field, content: values.content, done: 0, timestamp: values.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers whether the to-do existed. */
export async function setTodoDone(db: Kysely<Database>, id: number, done: boolean): Promise<boolean> {
  const result = await db
    .updateTable("todos")
    .set({ done: done ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Answers whether the to-do existed. */
export async function deleteTodo(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("todos").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
