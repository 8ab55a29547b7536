/** A player who files a fresh ticket through the form, and the staff page of that ticket. */
import type { Browser, Page } from "@playwright/test";
import { encodeTicketInfo } from "../../common/ticket-code.ts";
import { DEMO_PASSWORD } from "./env.ts";
import { solveCaptcha } from "./signIn.ts";
import { signInContext, signInThroughApi } from "./staffApi.ts";

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** JohnnyB (player4) files a ticket through the form; answers the page of his ticket and its id. */
export async function playerWithTicket(browser: Browser, subject: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInContext(context, "player4@demo.test", DEMO_PASSWORD);
  await page.goto("/member/create-ticket");
  await choose(page, "Category", "Report bugs");
  await choose(page, "Server", "America");
  await choose(page, "Character name", /^IronFist/);
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Description" }).fill("My sword vanished from the inventory.");
  await solveCaptcha(page);
  await page.getByTestId("submit-ticket").click();
  await page.waitForURL(/\/member\/ticket\/[^/]+$/);
  const ticketId = await page.evaluate(() => {
    const code = location.pathname.split("/").pop() ?? "";
    return Number(JSON.parse(atob(decodeURIComponent(code))).ticketId);
  });
  return { context, page, ticketId };
}

/** The staff page's address, from the ticket as staff read it (id, e-mail and number). */
export async function staffTicketPath(ticketId: number): Promise<string> {
  const staff = await signInThroughApi("mod");
  try {
    const { ticket } = await staff.post<{ ticket: { email: string; createdAt: number } }>("/api/tickets/fetch-ticket", {
      ticket_id: ticketId,
    });
    return `/admin/${encodeTicketInfo({ ticketId, email: ticket.email, ticketNumber: ticket.createdAt })}/edit`;
  } finally {
    await staff.dispose();
  }
}

/** A ticket of player1's history, as the player reads it. */
export interface HistoryTicket {
  id: number;
  email: string;
  createdAt: number;
  fetch_code: string;
  status: string;
  category: number;
}

/** player1's tickets (the demo seed files several, open and ended). */
export async function player1Tickets(): Promise<HistoryTicket[]> {
  const playerApi = await signInThroughApi("player");
  try {
    const history = await playerApi.post<{ tickets: HistoryTicket[] }>("/api/tickets/member-ticket-history", {
      entries_per_page: 100,
    });
    return history.tickets;
  } finally {
    await playerApi.dispose();
  }
}

/** The staff page of a ticket the player's history shows. */
export function staffTicketUrl(ticket: Pick<HistoryTicket, "id" | "email" | "createdAt">): string {
  return `/admin/${encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.createdAt })}/edit`;
}
