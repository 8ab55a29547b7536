/** The ticket the player has open on this page, if any: its replies need no toast. */
import { createStore } from "../../ui/createStore.ts";

export const openTicketStore = createStore<number | null>(null);
