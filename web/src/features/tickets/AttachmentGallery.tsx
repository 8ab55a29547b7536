/**
 * Attachments of a ticket or message: images as thumbnails that open full size, videos and other
 * files as download links, and 'DELETED' (removed by the clean-up) as a removed-file marker. With
 * `zoom` (chat messages, spec/2-staff-ticket-work.md §9) an image opens in the zooming viewer instead of the plain one.
 */
import { Anchor, Badge, Group, Image, Modal, Paper, Text, UnstyledButton } from "@mantine/core";
import { IconDownload, IconFileOff, IconFileText, IconMovie } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageViewer } from "../chat/ImageViewer.tsx";
import { attachmentKind, attachmentLabel } from "./attachments.ts";

interface AttachmentGalleryProps {
  urls: string[];
  size?: number;
  zoom?: boolean;
}

export function AttachmentGallery({ urls, size = 96, zoom = false }: AttachmentGalleryProps) {
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
      {zoom ? <ImageViewer url={opened} onClose={() => setOpened(null)} /> : null}
      <Modal
        opened={!zoom && opened !== null}
        onClose={() => setOpened(null)}
        size="auto"
        centered
        title={t("ticket.image")}
      >
        {opened && (
          <>
            <Image src={opened} alt="" maw="min(90vw, 1200px)" mah="80vh" fit="contain" />
            <Group justify="flex-end" mt="sm">
              <Anchor href={opened} target="_blank" rel="noopener" size="sm">
                <Group gap={4}>
                  <IconDownload size={14} />
                  <Text span size="sm">
                    {t("ticket.open_full")}
                  </Text>
                </Group>
              </Anchor>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
