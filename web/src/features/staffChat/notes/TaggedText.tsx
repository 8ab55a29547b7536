/**
 * A staff text with its tags (spec/2-staff-ticket-work.md §5): `@name` of a staff member highlighted, `#number` a link
 * to the ticket created at that second when it exists; anything else stays plain text.
 */
import { Anchor, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { findTags } from "../../../../../common/tags.ts";
import { encodeTicketInfo } from "../../../../../common/ticket-code.ts";
import { findTicketByNumber, type StaffEntry } from "./api.ts";

function TicketReference({ number, label }: { number: number; label: string }) {
  const ticket = useQuery({
    queryKey: ["ticket-by-number", number],
    queryFn: () => findTicketByNumber(number),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const found = ticket.data;
  if (!found) return <>{label}</>;
  const info = encodeTicketInfo({ ticketId: found.id, email: found.email, ticketNumber: found.createdAt });
  return (
    <Anchor component={Link} to={`/admin/${info}/edit`} data-testid="note-ticket-link">
      {label}
    </Anchor>
  );
}

export function TaggedText({ text, staff }: { text: string; staff: readonly StaffEntry[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const span of findTags(text, staff)) {
    if (span.start > at) parts.push(text.slice(at, span.start));
    const label = text.slice(span.start, span.end);
    parts.push(
      span.kind === "name" ? (
        <Text component="span" fw={600} c="blue" key={span.start} data-testid="note-tag">
          {label}
        </Text>
      ) : (
        <TicketReference key={span.start} number={span.value as number} label={label} />
      ),
    );
    at = span.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    // A note keeps the direction of its own language, whatever the page's (an English note in Arabic).
    <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {parts.map((part, i) => (
        // Pieces of one text in a fixed order: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>{part}</Fragment>
      ))}
    </Text>
  );
}
