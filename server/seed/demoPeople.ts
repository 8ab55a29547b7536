/**
 * The demo's cast: one employee of each rank, six players with characters on several servers, a
 * player without characters, a banned player and a temporary (account-less) user. Every account
 * with a password signs in with the password given to seedDemo.
 */
import type { StaffRank } from "../../common/permissions.ts";

export type StaffKey = "mod" | "dev" | "admin2";
export type MemberKey = "p1" | "p2" | "p3" | "p4" | "p5" | "p6" | "nochar" | "banned" | "temp";

export interface DemoStaff {
  key: StaffKey;
  email: string;
  name: string;
  rank: StaffRank;
  /** Category titles handled; "all" for every category. */
  categories: readonly string[] | "all";
  servers: readonly string[] | "all";
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  {
    key: "mod",
    email: "mod@demo.test",
    name: "ModAyse",
    rank: "mod",
    categories: [
      "Ban removal request",
      "Violating the rules of the chat",
      "Reporting suspected cheaters or bots",
      "Out-of-game trade",
      "Suggestion and complaint",
      "Registration problems",
      "Other",
    ],
    servers: ["Europe 1", "Europe 2", "Asia"],
  },
  {
    key: "dev",
    email: "dev@demo.test",
    name: "DevKerem",
    rank: "dev",
    categories: ["Report bugs", "Support System Issues", "Payment problems", "Other"],
    servers: "all",
  },
  { key: "admin2", email: "admin2@demo.test", name: "AdminSelin", rank: "admin", categories: "all", servers: "all" },
];

export interface DemoMember {
  key: MemberKey;
  email: string;
  name: string;
  language?: string;
  temp?: boolean;
  /** Banned for one week from seeding, with a ban log. */
  banned?: boolean;
  characters: readonly { name: string; level: number; server: string }[];
}

// Character names stay within the 9-character violator limit, so tickets can name them.
export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    key: "p1",
    email: "player1@demo.test",
    name: "DarkRider",
    characters: [
      { name: "Shadow", level: 87, server: "Europe 1" },
      { name: "Blaze", level: 45, server: "Europe 2" },
    ],
  },
  {
    key: "p2",
    email: "player2@demo.test",
    name: "ElenaM",
    language: "tr",
    characters: [{ name: "Lumina", level: 92, server: "Europe 1" }],
  },
  {
    key: "p3",
    email: "player3@demo.test",
    name: "MehmetK",
    language: "tr",
    characters: [
      { name: "Kurtaran", level: 70, server: "Europe 2" },
      { name: "Bozkurt", level: 33, server: "Asia" },
    ],
  },
  {
    key: "p4",
    email: "player4@demo.test",
    name: "JohnnyB",
    characters: [{ name: "IronFist", level: 60, server: "America" }],
  },
  {
    key: "p5",
    email: "player5@demo.test",
    name: "Sakura",
    characters: [
      { name: "Hikari", level: 55, server: "Asia" },
      { name: "Yoru", level: 12, server: "Asia" },
    ],
  },
  {
    key: "p6",
    email: "player6@demo.test",
    name: "VladTheBold",
    characters: [
      { name: "Nyx", level: 99, server: "Europe 1" },
      { name: "Valkyrie", level: 40, server: "America" },
    ],
  },
  { key: "nochar", email: "nochar@demo.test", name: "NoCharNed", characters: [] },
  {
    key: "banned",
    email: "banned@demo.test",
    name: "ToxicTom",
    banned: true,
    characters: [{ name: "Hackerman", level: 77, server: "Europe 1" }],
  },
  { key: "temp", email: "guest@demo.test", name: "guest", temp: true, characters: [] },
];
