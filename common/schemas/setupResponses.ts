/** What anyone may read of the setup lists and the player-facing content (spec/1-product-frame.md §3). */
import { z } from "zod";

const id = z.number().int();

export const category = z.object({
  id,
  title: z.string(),
  /** Sort order. */
  value: z.number(),
  style: z.string(),
  /** Language code to title. */
  locales: z.record(z.string(), z.string()),
  disabled: z.boolean(),
  /** The effective rule: the server already applies the spec's title list. */
  has_violaters_form: z.boolean(),
});
export type Category = z.infer<typeof category>;

export const priorityLevel = z.object({
  id,
  title: z.string(),
  value: z.number(),
  style: z.string(),
  default: z.boolean(),
});
export type PriorityLevel = z.infer<typeof priorityLevel>;

export const gameServer = z.object({ id, title: z.string(), value: z.number(), style: z.string() });
export type GameServer = z.infer<typeof gameServer>;

export const faq = z.object({
  id,
  title: z.string(),
  message: z.string(),
  engTitle: z.string(),
  engMessage: z.string(),
  value: z.number(),
});
export type Faq = z.infer<typeof faq>;

/** An announcement is shaped like an FAQ entry, with its time span and the caller's read mark. */
export const announcement = faq.extend({
  /** Epoch seconds. */
  startDate: z.number(),
  /** Epoch seconds, or '' for an announcement without an end. */
  endDate: z.union([z.number(), z.literal("")]),
  active: z.boolean(),
  /** Whether the signed-in caller has read it; always false for visitors. */
  read: z.boolean(),
});
export type Announcement = z.infer<typeof announcement>;

export const categoriesResponse = z.object({ categories: z.array(category) });
export const deletedCategoriesResponse = z.object({ deleted_categories: z.array(category) });
export const priorityLevelsResponse = z.object({ priority_levels: z.array(priorityLevel) });
export const deletedPriorityLevelsResponse = z.object({ deleted_priority_levels: z.array(priorityLevel) });
export const serversResponse = z.object({ servers: z.array(gameServer) });
export const faqsResponse = z.object({ faqs: z.array(faq) });
export const announcementsResponse = z.object({ announcements: z.array(announcement) });
