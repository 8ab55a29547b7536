/** The developer to-do board (spec/3-staff-administration.md §2.6, §3 To-do, §7 misc): one board shared by all staff. */
import { z } from "zod";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

export const TODO_LIMITS = { field: 50, content: 1000 } as const;
export const TODO_MESSAGES = { blank: "The to-do cannot be empty." } as const;

export const createTodoBody = z.object({
  /** A short area label (web, support, …); may be empty. */
  field: z.string().trim().max(TODO_LIMITS.field).default(""),
  content: z.string().trim().min(1, TODO_MESSAGES.blank).max(TODO_LIMITS.content),
});
export const markTodoBody = z.object({ id, done: flag });
export const deleteTodoBody = z.object({ id });

export const todo = z.object({
  id: z.number().int(),
  field: z.string(),
  content: z.string(),
  done: z.boolean(),
  /** Creation time, epoch seconds. */
  timestamp: z.number().int(),
  /** Who wrote it, for the board's byline (null once that account is gone). */
  author: z.string().nullable(),
});
export type Todo = z.infer<typeof todo>;

export const fetchTodosResponse = z.object({
  active_todos: z.array(todo),
  done_todos: z.array(todo),
  /** Whether this user is the one DEV_SWITCH_USER_EMAIL names: the page then shows Switch. */
  can_switch: z.boolean(),
});
export type FetchTodosResponse = z.infer<typeof fetchTodosResponse>;
export const todoResponse = z.object({ todo });
export const deleteTodoResponse = z.object({ id: z.number().int() });

/** Each list shows at most this many, newest first. */
export const TODO_LIST_MAX = 500;
