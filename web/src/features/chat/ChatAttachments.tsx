/**
 * A chat message's files: images as thumbnails that open the zooming viewer, other files as
 * download links, 'DELETED' as a removed-file marker (spec 2 §3).
 */
import { Anchor, Badge, Group, Image, Paper, UnstyledButton } from "@mantine/core";
import { IconDownload, IconFileOff, IconFileText, IconMovie } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { attachmentKind, attachmentLabel } from "../tickets/attachments.ts";
import { ImageViewer } from "./ImageViewer.tsx";

export function ChatAttachments({ urls, size = 80 }: { urls: string[]; size?: number }) {
  const { t } = useTranslation("edit");
  const [opened, setOpened] = useState<string | null>(null);
  if (!urls.length) return null;
  return (
    <>
      <Group gap="xs" data-testid="attachments">
        {urls.map((url, index) => {
          const kind = attachmentKind(url);
          const key = `${url}-${index}`;
          if (kind === "deleted")
            return (
              <Badge key={key} color="gray" variant="outline" leftSection={<IconFileOff size={14} />} size="lg">
                {t("ticket.attachment_deleted")}
              </Badge>
            );
          if (kind === "image")
            return (
              <UnstyledButton
                key={key}
                onClick={() => setOpened(url)}
                aria-label={t("ticket.open_image", { number: index + 1 })}
                data-testid="attachment-image"
              >
                <Paper withBorder radius="sm" w={size} h={size} style={{ overflow: "hidden" }}>
                  <Image src={url} alt="" w={size} h={size} fit="cover" loading="lazy" />
                </Paper>
              </UnstyledButton>
            );
          return (
            <Anchor key={key} href={url} download target="_blank" rel="noopener" underline="never">
              <Badge
                variant="light"
                size="lg"
                leftSection={kind === "video" ? <IconMovie size={14} /> : <IconFileText size={14} />}
                rightSection={<IconDownload size={14} />}
                style={{ cursor: "pointer" }}
              >
                {t("ticket.attachment_file", { number: index + 1, type: attachmentLabel(url) })}
              </Badge>
            </Anchor>
          );
        })}
      </Group>
      <ImageViewer url={opened} onClose={() => setOpened(null)} />
    </>
  );
}
