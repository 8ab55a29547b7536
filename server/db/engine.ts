/** The two database engines the app runs on: the embedded SQLite file, or PostgreSQL. */
export type Engine = "sqlite" | "postgres";
