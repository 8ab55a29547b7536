/**
 * An employee as the staff list shows them (spec/3-staff-administration.md §3 Employee). A disable that has run out is
 * shown as enabled: the row keeps its old end until someone changes it, but it no longer holds.
 */
import type { Employee, EmployeeAbilities, StaffListEmployee } from "../../common/schemas/staffUsers.ts";
import type { EmployeeRecord } from "../repositories/employees.ts";
import { isDisabled } from "../repositories/users.ts";

export function presentEmployee({ user, categories, servers }: EmployeeRecord, now: number): Employee {
  const disabled = isDisabled(user, now);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    class: user.class,
    rank: user.rank,
    categories,
    servers,
    disabled,
    // 0 = enabled, -1 = until enabled again, else epoch seconds.
    disabled_until: disabled ? (user.disabled_until === 0 ? -1 : user.disabled_until) : 0,
    created: user.created_at,
    updated: user.updated_at,
  };
}

/** A row of the staff list: the employee, and what the caller may do to them (policies/employeeAbilities.ts). */
export function presentStaffListEmployee(
  record: EmployeeRecord,
  now: number,
  abilities: EmployeeAbilities,
): StaffListEmployee {
  return { ...presentEmployee(record, now), abilities };
}
