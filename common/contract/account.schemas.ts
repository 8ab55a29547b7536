import { languageResponse, userPreferencesResponse } from "../schemas/accountResponses.ts";
import { changeLanguageBody } from "../schemas/auth.ts";
import {
  changeProfileEmailBody,
  changeProfileNameBody,
  changeProfilePasswordBody,
  deleteProfilePictureBody,
  profileUserResponse,
  saveUserPreferencesBody,
  saveUserPreferencesResponse,
} from "../schemas/profile.ts";
import {
  createTodoBody,
  deleteTodoBody,
  deleteTodoResponse,
  fetchTodosResponse,
  markTodoBody,
  todoResponse,
} from "../schemas/todos.ts";
import type { ACCOUNT_ENDPOINTS } from "./account.ts";
import { defineSchemas } from "./define.ts";

/** The picture's form fields are read and checked by the route (changeProfilePictureFields). */
export const ACCOUNT_SCHEMAS = defineSchemas<typeof ACCOUNT_ENDPOINTS>()({
  changeLanguagePreference: { body: changeLanguageBody, response: languageResponse },
  fetchUserPreferences: { response: userPreferencesResponse },
  saveUserPreferences: { body: saveUserPreferencesBody, response: saveUserPreferencesResponse },
  changeProfileName: { body: changeProfileNameBody, response: profileUserResponse },
  changeProfileEmail: { body: changeProfileEmailBody, response: profileUserResponse },
  changeProfilePassword: { body: changeProfilePasswordBody, response: profileUserResponse },
  changeProfilePicture: { response: profileUserResponse },
  deleteProfilePicture: { body: deleteProfilePictureBody, response: profileUserResponse },
  fetchTodos: { response: fetchTodosResponse },
  createTodo: { body: createTodoBody, response: todoResponse },
  markTodo: { body: markTodoBody, response: todoResponse },
  deleteTodo: { body: deleteTodoBody, response: deleteTodoResponse },
});
