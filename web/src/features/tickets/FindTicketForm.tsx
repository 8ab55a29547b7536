/**
 * "Find my ticket": a visitor reopens their temporary ticket with its number (as shown, with or
 * without "#"; the old ticket id works too) and e-mail (spec/1-product-frame.md §4); the look-up opens a
 * temporary session and the ticket page follows. A refusal is shown by its code, in the visitor's
 * language (ticket_not_found, ticket_lookup_locked).
 */
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { encodeTicketInfo } from "../../../../common/ticket-code.ts";
import { ApiError } from "../../api/client.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { apiErrorText, useErrorText } from "../../ui/useErrorText.ts";
import { searchTicketTemporary } from "./api.ts";
import { adoptTemporarySession } from "./temporaryAccess.ts";

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A ticket number or id, as the visitor may paste it: "#1795442351", "# 1795442351", "15". */
const REFERENCE_FORMAT = /^#?\s*\d{1,10}$/;

export function FindTicketForm() {
  const { t } = useTranslation("edit");
  // Re-renders on a change of language, so that a refusal shown follows it.
  useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { socket } = useSocket();
  const [ticketId, setTicketId] = useState("");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The lockout says how many minutes are left (the server's Retry-After).
  const error = failure === null ? null : failure instanceof ApiError ? apiErrorText(failure) : t("errors:unknown");
  const valid = REFERENCE_FORMAT.test(ticketId.trim()) && EMAIL_FORMAT.test(email.trim());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const opened = await searchTicketTemporary(ticketId.trim(), email.trim());
      adoptTemporarySession(queryClient, opened, { userId: user?.id ?? null, socket });
      navigate(`/ticket/${encodeTicketInfo({ ticketId: opened.ticket.id, email: email.trim() })}`);
    } catch (refusal) {
      console.error("Temporary ticket look-up failed", refusal);
      setFailure(refusal);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="find-ticket-form">
      <Stack gap="md" maw={440}>
        <TextInput
          label={t("signals.reference")}
          description={t("signals.find_hint")}
          dir="ltr"
          data-testid="find-ticket-reference"
          value={ticketId}
          onChange={(event) => setTicketId(event.currentTarget.value)}
          required
          disabled={busy}
        />
        <TextInput
          label={t("temporary.email")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
          disabled={busy}
        />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="find-error">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          leftSection={<IconSearch size={18} />}
          loading={busy}
          disabled={!valid}
          data-testid="find-ticket"
        >
          {t("temporary.find_submit")}
        </Button>
      </Stack>
    </form>
  );
}
