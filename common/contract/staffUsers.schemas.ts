import { permissionListResponse } from "../schemas/accountResponses.ts";
import {
  activeTicketNumbersBody,
  activeTicketNumbersResponse,
  changePasswordBody,
  changeResponsibilitiesBody,
  changeUserPermissionsBody,
  checkNewUserEmailBody,
  createNewUserBody,
  createNewUserResponse,
  deleteDevBody,
  deleteDevResponse,
  disableUserBody,
  disperseResponse,
  emailExistsResponse,
  getRankPermissionsBody,
  getUserPermissionsBody,
  userIdBody,
  userResponse,
} from "../schemas/staffUsers.ts";
import { defineSchemas } from "./define.ts";
import type { STAFF_USER_ENDPOINTS } from "./staffUsers.ts";

export const STAFF_USER_SCHEMAS = defineSchemas<typeof STAFF_USER_ENDPOINTS>()({
  fetchDevsActiveTicketNumbers: { body: activeTicketNumbersBody, response: activeTicketNumbersResponse },
  checkNewUserEmail: { body: checkNewUserEmailBody, response: emailExistsResponse },
  createNewUser: { body: createNewUserBody, response: createNewUserResponse },
  changeDevResponsibilities: { body: changeResponsibilitiesBody, response: userResponse },
  disableUserUntil: { body: disableUserBody, response: userResponse },
  enableUser: { body: userIdBody, response: userResponse },
  disperseUserTickets: { body: userIdBody, response: disperseResponse },
  changePassword: { body: changePasswordBody, response: userResponse },
  deleteDev: { body: deleteDevBody, response: deleteDevResponse },
  getAllPermissions: { response: permissionListResponse },
  getUserPermissions: { body: getUserPermissionsBody, response: permissionListResponse },
  getRankPermissions: { body: getRankPermissionsBody, response: permissionListResponse },
  changeUserPermissions: { body: changeUserPermissionsBody, response: userResponse },
});
