/**
 * The demo tickets as a script: who wrote what, when, to whom, and how each ticket ended. Times
 * are relative (hours before seeding, minutes after the ticket was opened) so the demo always
 * looks fresh. Every status appears, on every server, across categories and assignees.
 */
import type { TicketStatus } from "../../common/constants.ts";
import type { FastAction } from "../db/schema.ts";
import type { MemberKey, StaffKey } from "./demoPeople.ts";

export type Speaker = "player" | StaffKey;

export interface DemoLine {
  from: Speaker;
  /** Minutes after the ticket was opened. */
  at: number;
  text: string;
}

export interface DemoTicket {
  by: MemberKey;
  category: string;
  server: string;
  character?: string;
  violater?: string;
  priority?: string;
  status: TicketStatus;
  assignee?: StaffKey;
  hoursAgo: number;
  subject: string;
  description: string;
  chat: DemoLine[];
  notes?: { by: StaffKey; at: number; text: string }[];
  /** An earlier assignee, shown as an assignment message at the start of the chat. */
  reassignedFrom?: StaffKey;
  /** The category the player first chose, shown as a category-change message. */
  movedFrom?: string;
  /** How an ended ticket ended: by staff (with excuse), by the player, or by the 72-hour sweep. */
  ending?: { by: StaffKey | "member" | "AUTO"; action: FastAction; at: number; excuse?: string };
  /** The player was banned from this ticket. */
  ban?: { by: StaffKey; at: number; reason: string };
}

export const DEMO_TICKETS: readonly DemoTicket[] = [
  {
    by: "p1",
    category: "Report bugs",
    server: "Europe 1",
    character: "Shadow",
    status: "NEW TICKET",
    hoursAgo: 1,
    subject: "Quest 'The Lost Relic' cannot be completed",
    description:
      "I collected all five relic shards but the quest giver in Eastmarch does not accept them. I relogged twice and the shards are still in my bag.",
    chat: [],
  },
  {
    by: "p4",
    category: "Out-of-game trade",
    server: "America",
    character: "IronFist",
    violater: "Valkyrie",
    priority: "High",
    status: "NEW TICKET",
    assignee: "admin2",
    hoursAgo: 3,
    subject: "Player selling gold for real money",
    description:
      "Valkyrie keeps whispering me offers to sell 10k gold for 20 USD via a website. Screenshots attached in the chat if needed.",
    chat: [{ from: "player", at: 5, text: "He just messaged me again in the trade channel." }],
  },
  {
    by: "p2",
    category: "Payment problems",
    server: "Europe 1",
    character: "Lumina",
    priority: "Urgent",
    status: "WAITING DEV",
    assignee: "dev",
    reassignedFrom: "admin2",
    hoursAgo: 26,
    subject: "Diamonds not delivered after purchase",
    description:
      "I bought the 1200 diamond pack by credit card yesterday. The money left my account but I have no diamonds. Order number: GX-558213.",
    chat: [
      { from: "admin2", at: 20, text: "Thank you, I passed this to our payments team. You will get an answer here." },
      { from: "player", at: 45, text: "Okay, thanks. Please hurry, the event ends on Sunday." },
      {
        from: "dev",
        at: 180,
        text: "I found the order. The payment provider confirmed it; I am checking why it was not delivered.",
      },
    ],
    notes: [
      {
        by: "admin2",
        at: 18,
        text: "@DevKerem order GX-558213 is paid in the provider panel; please look at the delivery queue.",
      },
      {
        by: "dev",
        at: 175,
        text: "Delivery worker crashed at 02:10 that night; several orders affected. Re-running the queue.",
      },
    ],
  },
  {
    by: "p5",
    category: "Support System Issues",
    server: "Asia",
    character: "Hikari",
    status: "WAITING DEV",
    assignee: "dev",
    hoursAgo: 50,
    subject: "Attachments do not upload",
    description: "When I try to attach a screenshot to my ticket the upload spins forever. Browser: Firefox.",
    chat: [
      { from: "dev", at: 30, text: "Thanks for the report. Which file type and size was the screenshot?" },
      { from: "player", at: 62, text: "A PNG, around 3 MB." },
    ],
  },
  {
    by: "p3",
    category: "Violating the rules of the chat",
    server: "Europe 2",
    character: "Kurtaran",
    violater: "Blaze",
    status: "ON HOLD",
    assignee: "mod",
    hoursAgo: 30,
    subject: "Insults in the global chat",
    description: "Blaze insulted me and my guild in global chat around 21:00 last night, several times.",
    chat: [
      { from: "mod", at: 40, text: "Hello, we are reviewing the chat logs of that evening. We will update you here." },
      { from: "player", at: 55, text: "Thank you." },
    ],
    notes: [{ by: "mod", at: 41, text: "Waiting for the chat log export from the game team; on hold until then." }],
  },
  {
    by: "p4",
    category: "Payment problems",
    server: "America",
    character: "IronFist",
    status: "ON HOLD",
    assignee: "admin2",
    hoursAgo: 70,
    subject: "Charged twice for the battle pass",
    description: "My bank statement shows two charges of 9.99 USD for the season battle pass.",
    chat: [
      {
        from: "admin2",
        at: 25,
        text: "Could you send the last four digits of the card and the dates of both charges?",
      },
      { from: "player", at: 90, text: "Card ends with 4417, both charges on the 3rd." },
      { from: "admin2", at: 120, text: "Thanks, we asked the payment provider for a refund of the second charge." },
    ],
  },
  {
    by: "p3",
    category: "Report bugs",
    server: "Asia",
    character: "Bozkurt",
    status: "REPLIED",
    assignee: "dev",
    movedFrom: "Other",
    hoursAgo: 20,
    subject: "Mount disappears after teleport",
    description: "Every time I use the teleport scroll to the capital my mount is unsummoned and goes on cooldown.",
    chat: [
      {
        from: "dev",
        at: 35,
        text: "We could reproduce it. A fix is planned for the next patch; until then, please unsummon before teleporting.",
      },
    ],
  },
  {
    by: "temp",
    category: "Registration problems",
    server: "Europe 2",
    status: "REPLIED",
    assignee: "mod",
    hoursAgo: 8,
    subject: "Verification e-mail never arrives",
    description: "I registered with guest@demo.test but the verification e-mail does not come, also not in spam.",
    chat: [
      { from: "player", at: 10, text: "I tried again just now, still nothing." },
      {
        from: "mod",
        at: 60,
        text: "We re-sent the e-mail manually. Please check again in a few minutes and reply here if it is still missing.",
      },
    ],
  },
  {
    by: "p5",
    category: "Reporting suspected cheaters or bots",
    server: "Asia",
    character: "Hikari",
    violater: "Farmbot7",
    status: "RESOLVED",
    assignee: "mod",
    hoursAgo: 100,
    subject: "Bot farming in the Crystal Caves",
    description: "A character named Farmbot7 runs the same route in the Crystal Caves for hours and never answers.",
    chat: [
      { from: "mod", at: 50, text: "Thank you, our team is watching the character." },
      { from: "player", at: 70, text: "It is still there right now." },
    ],
    ending: {
      by: "mod",
      action: "RESOLVED",
      at: 300,
      excuse: "The reported account was banned for botting. Thank you!",
    },
  },
  {
    by: "p2",
    category: "Report bugs",
    server: "Europe 1",
    character: "Lumina",
    status: "RESOLVED",
    assignee: "dev",
    hoursAgo: 130,
    subject: "Inventory shows wrong item count",
    description: "My inventory says 250 potions but I can only use 99 of them.",
    chat: [
      {
        from: "dev",
        at: 60,
        text: "This was a display bug and we fixed it with today's hotfix. Could you check again?",
      },
      { from: "player", at: 95, text: "Yes, it shows the right number now. Thanks!" },
    ],
    ending: { by: "member", action: "RESOLVED", at: 96 },
  },
  {
    by: "p6",
    category: "Suggestion and complaint",
    server: "Europe 1",
    character: "Nyx",
    status: "CLOSED",
    assignee: "mod",
    hoursAgo: 200,
    subject: "Please add more guild bank slots",
    description: "Our guild is full and the bank only has 50 slots. Could you add more or make them purchasable?",
    chat: [
      {
        from: "mod",
        at: 90,
        text: "Thank you for the idea, we forwarded it to the design team. Anything else we can do?",
      },
    ],
    ending: { by: "AUTO", action: "CLOSED", at: 90 + 72 * 60 + 5 },
  },
  {
    by: "p1",
    category: "Ban removal request",
    server: "Europe 1",
    character: "Shadow",
    status: "CLOSED",
    assignee: "mod",
    hoursAgo: 300,
    subject: "I was banned by mistake",
    description: "My account was banned yesterday for 'botting' but I was only AFK fishing.",
    chat: [
      {
        from: "mod",
        at: 120,
        text: "We checked the logs: the character ran a scripted route for six hours. The ban stays.",
      },
      { from: "player", at: 150, text: "That is not fair, I was just fishing." },
    ],
    ending: { by: "mod", action: "CLOSED", at: 200, excuse: "The ban was reviewed and confirmed." },
  },
  {
    by: "banned",
    category: "Other",
    server: "Europe 1",
    character: "Hackerman",
    status: "CLOSED",
    assignee: "admin2",
    hoursAgo: 1,
    subject: "GIVE MY ITEMS BACK",
    description: "You deleted my legendary sword. Give it back now or I will report you all.",
    chat: [
      { from: "admin2", at: 15, text: "Your sword was removed because it was obtained through an exploit." },
      { from: "player", at: 17, text: "You are all useless idiots, I will spam this until I get it back." },
    ],
    ban: { by: "admin2", at: 20, reason: "Insulting support staff and threatening to spam tickets." },
    ending: {
      by: "admin2",
      action: "CLOSED",
      at: 21,
      excuse: "Not a support matter; please use the in-game channels.",
    },
  },
  {
    by: "p6",
    category: "Advertising and collaboration",
    server: "America",
    character: "Valkyrie",
    status: "REPLIED",
    assignee: "admin2",
    hoursAgo: 5,
    subject: "Streaming partnership",
    description: "I stream the game on weekends with about 2000 viewers. Is there a partner program?",
    chat: [{ from: "admin2", at: 50, text: "Hi! Yes, please send your channel link and average viewer numbers here." }],
  },
];
