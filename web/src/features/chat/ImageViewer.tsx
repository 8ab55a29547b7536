/**
 * The chat's image viewer (spec/2-staff-ticket-work.md §9): zoom from 1.2 to 5 in steps of 0.1, opening at 2, by the
 * slider, the buttons or the mouse wheel; the zoomed image scrolls inside the dialog.
 */
import { ActionIcon, Anchor, Group, Modal, Slider, Text } from "@mantine/core";
import { IconDownload, IconZoomIn, IconZoomOut } from "@tabler/icons-react";
import { useEffect, useState, type WheelEvent } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_UI } from "../../../../common/chatConstants.ts";

const { zoomMin, zoomMax, zoomStep, zoomDefault } = CHAT_UI;

/** Clamps to the range and rounds to the step (0.1 steps drift in floating point otherwise). */
export function clampZoom(value: number): number {
  const stepped = Math.round(value / zoomStep) * zoomStep;
  return Math.min(zoomMax, Math.max(zoomMin, Number(stepped.toFixed(1))));
}

interface ImageViewerProps {
  url: string | null;
  onClose(): void;
}

export function ImageViewer({ url, onClose }: ImageViewerProps) {
  const { t } = useTranslation("staffChat");
  const [zoom, setZoom] = useState<number>(zoomDefault);
  useEffect(() => {
    if (url) setZoom(zoomDefault);
  }, [url]);

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (!event.ctrlKey && !event.metaKey && !event.altKey) return;
    event.preventDefault();
    setZoom((z) => clampZoom(z + (event.deltaY < 0 ? zoomStep : -zoomStep)));
  };

  return (
    <Modal opened={url !== null} onClose={onClose} size="xl" centered title={t("chat.viewer.title")}>
      {url && (
        <>
          <div
            onWheel={onWheel}
            style={{ overflow: "auto", maxHeight: "65vh", background: "var(--mantine-color-default-hover)" }}
            data-testid="image-viewer"
          >
            {/* The image's own size grows with the zoom, so the scrollbars follow it. */}
            <img
              src={url}
              alt=""
              data-zoom={zoom}
              style={{ display: "block", width: `${zoom * 50}%`, maxWidth: "none", margin: "0 auto" }}
            />
          </div>
          <Group mt="sm" gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              onClick={() => setZoom((z) => clampZoom(z - zoomStep))}
              disabled={zoom <= zoomMin}
              aria-label={t("chat.viewer.zoom_out")}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
            <Slider
              style={{ flex: 1 }}
              min={zoomMin}
              max={zoomMax}
              step={zoomStep}
              value={zoom}
              onChange={(value) => setZoom(clampZoom(value))}
              label={(value) => `${value.toFixed(1)}×`}
              aria-label={t("chat.viewer.zoom")}
            />
            <ActionIcon
              variant="default"
              onClick={() => setZoom((z) => clampZoom(z + zoomStep))}
              disabled={zoom >= zoomMax}
              aria-label={t("chat.viewer.zoom_in")}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
            <Text size="sm" w={44} ta="end" data-testid="zoom-level">
              {zoom.toFixed(1)}×
            </Text>
            <Anchor href={url} target="_blank" rel="noopener" aria-label={t("chat.viewer.open_full")}>
              <IconDownload size={18} />
            </Anchor>
          </Group>
        </>
      )}
    </Modal>
  );
}
