/**
 * The quick replies button beside the staff reply box: it opens the quick-reply panel
 * (QuickReplyPanel.tsx) above the box, with the focus in its search; a pick closes it and hands
 * the text to the reply box, which takes the focus back; Escape gives it back to the button.
 */
import { ActionIcon, Button, Popover } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBolt } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { QuickReplyPanel } from "./QuickReplyPanel.tsx";

export function QuickReplyButton({ category, onPick }: { category: number; onPick: (message: string) => void }) {
  const { t } = useTranslation("staffChat");
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // On a phone the button is its icon, leaving the attachment hint beside it room to read.
  const phone = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false });
  const toggle = {
    ref: button,
    onClick: () => setOpened((open) => !open),
    "data-testid": "quick-reply-button",
  } as const;
  return (
    <Popover opened={opened} onChange={setOpened} position="top-end" width={360} shadow="md" trapFocus>
      <Popover.Target>
        {phone ? (
          <ActionIcon {...toggle} variant="default" size="lg" aria-label={t("quick.title")}>
            <IconBolt size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            {...toggle}
            variant="default"
            size="xs"
            leftSection={<IconBolt size={14} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {t("quick.title")}
          </Button>
        )}
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        maw="calc(100vw - 2rem)"
        onKeyDown={(event) => {
          if (event.key === "Escape") requestAnimationFrame(() => button.current?.focus());
        }}
      >
        <QuickReplyPanel
          category={category}
          withBorder={false}
          onPick={(message) => {
            setOpened(false);
            onPick(message);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
