/**
 * Ban or Unban, whichever the player's state calls for (spec/2-staff-ticket-work.md §2, §6): Ban
 * opens the ban dialog (reason and time), Unban asks to confirm and needs no reason. Which ticket
 * each is given on, and whether it is offered at all, is the server's answer (a ticket's abilities,
 * or the profile's); a button without a ticket is turned off, with the refusal on hover.
 */
import { Button, type ButtonProps } from "@mantine/core";
import { IconBan, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { RefusalTooltip } from "../../ui/RefusalTooltip.tsx";
import { type BanTarget, unbanPlayer } from "./api.ts";
import { BanModal } from "./BanModal.tsx";

export interface BanToggleProps {
  /** The player's name, in the unban question. */
  name: string;
  /** Whether the player is banned now: Unban is shown, else Ban. */
  banned: boolean;
  /** The ticket a ban is given on; null turns Ban off. */
  ban: BanTarget | null;
  /** The ticket an unban is given on; null turns Unban off. */
  unban: BanTarget | null;
  /** Why the shown button is off (an error code, shown on hover). */
  refusal?: string | undefined;
  /** After a ban or unban, with the ticket it was given on. */
  onChanged: (ticket: BanTarget) => void;
  /** Put before the test ids (`ban-button`, `unban-button`, `ban-modal`) where a page shows two. */
  testIdPrefix?: string;
  size?: ButtonProps["size"];
}

export function BanToggle({ name, banned, ban, unban, refusal, onChanged, testIdPrefix = "", size }: BanToggleProps) {
  const { t } = useTranslation("bans");
  const [banOpen, setBanOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const lift = async () => {
    if (!unban) return;
    if (!(await confirmAction({ message: t("unban_confirm", { name }), confirmLabel: t("unban") }))) return;
    setBusy(true);
    try {
      await unbanPlayer(unban);
      onChanged(unban);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const action = banned ? (
    <Button
      variant="light"
      color="green"
      size={size}
      leftSection={<IconLockOpen size={16} />}
      onClick={lift}
      loading={busy}
      disabled={!unban}
      data-testid={`${testIdPrefix}unban-button`}
    >
      {t("unban")}
    </Button>
  ) : (
    <Button
      variant="light"
      color="red"
      size={size}
      leftSection={<IconBan size={16} />}
      onClick={() => setBanOpen(true)}
      disabled={!ban}
      data-testid={`${testIdPrefix}ban-button`}
    >
      {t("ban")}
    </Button>
  );

  return (
    <>
      <RefusalTooltip code={refusal}>{action}</RefusalTooltip>
      {ban && (
        <BanModal
          ticket={ban}
          opened={banOpen}
          onClose={() => setBanOpen(false)}
          onBanned={() => onChanged(ban)}
          testId={`${testIdPrefix}ban-modal`}
        />
      )}
    </>
  );
}
