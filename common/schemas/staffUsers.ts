/**
 * Staff users and permissions (spec/3-staff-administration.md §2.2, §4, §5, §7 "Staff management"). Bodies arrive
 * form-encoded (numbers as text, lists as repeated fields, an empty list as no field at all) or as
 * JSON; both parse here. The web dialogs use the same schemas and the same answers.
 */
import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { PERMISSIONS, STAFF_RANKS } from "../permissions.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A repeated form field (one value or many) or a JSON array; absent is the empty list. */
function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max),
  );
}

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Please enter an e-mail address.")
  .max(LIMITS.profileEmail, `At most ${LIMITS.profileEmail} characters.`)
  .pipe(z.email("Please enter a valid e-mail address."));

/** Disable until 19:00 (business time zone) on this date, or with no end. */
export const DISABLE_INDEFINITE = "indefinite";
export const DISABLE_DATE_PATTERN = /^(\d{2})\.(\d{2})\.(\d{4})$/;
/** How far ahead a disable may end (spec/3-staff-administration.md §4). */
export const DISABLE_MAX_YEARS = 5;
/** The hour (in BUSINESS_TIMEZONE, UTC+3) at which a dated disable ends. */
export const DISABLE_END_HOUR = 19;

export const fetchDevsQuery = z.object({
  /** "all": every employee with the staff list's columns (users:view); otherwise who can take tickets. */
  scope: z.enum(["active", "all"]).optional().default("active"),
});

export const activeTicketNumbersBody = z.object({
  /** The employees whose active tickets are counted (the staff list's rows). */
  dev_ids: listOf(id, 1000),
});

export const checkNewUserEmailBody = z.object({ email });

/** "user" creates a player account, "dev" an employee (spec/3-staff-administration.md §5: the dialog's user or employee). */
export const NEW_USER_CLASSES = ["user", "dev"] as const;

export const createNewUserBody = z
  .object({
    email,
    user_class: z.enum(NEW_USER_CLASSES, "Please choose user or employee."),
    /** Required for employees; ignored for players. */
    user_rank: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(STAFF_RANKS).optional()),
    /**
     * Adjustments of the rank's default permissions, as change-user-permissions takes them: both
     * absent gives the defaults. Each adjusted permission must be one the creator holds.
     */
    add_list: listOf(z.enum(PERMISSIONS), PERMISSIONS.length),
    remove_list: listOf(z.enum(PERMISSIONS), PERMISSIONS.length),
  })
  .refine((body) => body.user_class === "user" || body.user_rank !== undefined, {
    message: "Please choose a rank for the employee.",
    path: ["user_rank"],
  });
export type CreateNewUserBody = z.infer<typeof createNewUserBody>;

export const changeResponsibilitiesBody = z.object({
  user_id: id,
  servers: listOf(id, 500),
  categories: listOf(id, 500),
});
export type ChangeResponsibilitiesBody = z.infer<typeof changeResponsibilitiesBody>;

export const disableUserBody = z.object({
  id,
  /** DD.MM.YYYY (the disable ends at 19:00 UTC+3 that day) or the word indefinite. */
  date: z
    .string()
    .trim()
    .refine((v) => v === DISABLE_INDEFINITE || DISABLE_DATE_PATTERN.test(v), "Use DD.MM.YYYY or indefinite."),
});
export type DisableUserBody = z.infer<typeof disableUserBody>;

export const userIdBody = z.object({ id });

export const changePasswordBody = z.object({
  dev_id: id,
  password: z.string().max(256),
  re_password: z.string().max(256),
});

export const deleteDevBody = z.object({ user_id: id });

export const getUserPermissionsBody = z.object({ user_id: id });
export const getRankPermissionsBody = z.object({ rank: z.enum(STAFF_RANKS) });

export const changeUserPermissionsBody = z.object({
  user_id: id,
  /** The rank after the change; a different rank signs the employee out (spec/3-staff-administration.md §4). */
  rank: z.enum(STAFF_RANKS),
  add_list: listOf(z.enum(PERMISSIONS), PERMISSIONS.length),
  remove_list: listOf(z.enum(PERMISSIONS), PERMISSIONS.length),
});
export type ChangeUserPermissionsBody = z.infer<typeof changeUserPermissionsBody>;

// ---- answers

/** An employee as the staff list shows them (spec/3-staff-administration.md §3 Employee). */
export const employee = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** A file name or URL; shorter than 4 characters means no picture. */
  avatar: z.string(),
  class: z.enum(["dev", "user"]),
  rank: z.enum(["admin", "mod", "dev", "user"]),
  categories: z.array(z.number().int()),
  servers: z.array(z.number().int()),
  disabled: z.boolean(),
  /** 0 = enabled, -1 = until enabled again, else epoch seconds. */
  disabled_until: z.number(),
  created: z.number(),
  updated: z.number(),
});
export type Employee = z.infer<typeof employee>;

/** The staff list's actions on an employee (spec/3-staff-administration.md §2.2), each a call of this file's. */
export const EMPLOYEE_ABILITIES = [
  "permissions",
  "responsibilities",
  "disable",
  "enable",
  "disperse",
  "password",
  "delete",
] as const;
export type EmployeeAbility = (typeof EMPLOYEE_ABILITIES)[number];

/**
 * What the caller may do to this employee, as of this answer, decided by the same policy
 * functions that guard the calls (server/policies/employeeAbilities.ts): the list shows a row's
 * actions from these.
 */
export const employeeAbilities = z.object({
  /** change-user-permissions: rank and permissions. */
  permissions: z.boolean(),
  /** The ranks change-user-permissions may give this employee (none without `permissions`). */
  ranks: z.array(z.enum(STAFF_RANKS)),
  /** change-dev-responsibilities: categories and servers. */
  responsibilities: z.boolean(),
  /** disable-user-until. */
  disable: z.boolean(),
  /** enable-user. */
  enable: z.boolean(),
  /** disperse-user-tickets. */
  disperse: z.boolean(),
  /** change-password. */
  password: z.boolean(),
  /** delete-dev. */
  delete: z.boolean(),
});
export type EmployeeAbilities = z.infer<typeof employeeAbilities>;

/** A row of the staff list: the employee and what the caller may do to them. */
export const staffListEmployee = employee.extend({ abilities: employeeAbilities });
export type StaffListEmployee = z.infer<typeof staffListEmployee>;

/** What the caller may do on the list itself: create a user, and an employee of which ranks. */
export const staffListAbilities = z.object({
  create: z.boolean(),
  ranks: z.array(z.enum(STAFF_RANKS)),
});
export type StaffListAbilities = z.infer<typeof staffListAbilities>;

/** GET /api/users/fetch-devs?scope=all. */
export const employeeListResponse = z.object({ devs: z.array(staffListEmployee), abilities: staffListAbilities });
export type EmployeeListResponse = z.infer<typeof employeeListResponse>;
export const userResponse = z.object({ user: employee });
export type UserResponse = z.infer<typeof userResponse>;

export const activeTicketNumbersResponse = z.object({
  /** Employee id (as a JSON key) → number of active tickets assigned to them. */
  devs_active_ticket_numbers: z.record(z.string(), z.number().int()),
});

export const emailExistsResponse = z.object({ exists: z.boolean() });

export const createNewUserResponse = z.object({
  user: employee,
  /** One-time token of the /setup-password/{token} link. */
  password_token: z.string(),
});
export type CreateNewUserResponse = z.infer<typeof createNewUserResponse>;

export const disperseResponse = z.object({
  user: employee,
  /** Active tickets handed to other employees. */
  dispersed: z.number().int(),
  /** Active tickets no other employee matches (category and server); they stay with this one. */
  remaining: z.number().int(),
});
export type DisperseResponse = z.infer<typeof disperseResponse>;

export const deleteDevResponse = z.object({ confirm: z.boolean() });
