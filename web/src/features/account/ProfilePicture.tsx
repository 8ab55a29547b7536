/**
 * The profile picture (spec/2-staff-ticket-work.md §2, §5; 3 §2.5): upload and delete. A chosen picture is scaled down
 * to AVATAR_PIXELS in the browser first (it is shown small on every chat line); the server still
 * decides by the bytes whether it is an image.
 */
import { Avatar, Button, FileButton, Group, Paper, Stack, Text } from "@mantine/core";
import { IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../../common/schemas/auth.ts";
import { AVATAR_MAX_BYTES, AVATAR_PIXELS, AVATAR_TYPES } from "../../../../common/schemas/profile.ts";
import { ApiError } from "../../api/client.ts";
import { confirmAction } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { errorText } from "../../ui/useErrorText.ts";
import { profileCalls, useSetSessionUser } from "./api.ts";

/** spec/1-product-frame.md §3: an avatar value shorter than 4 characters means no picture. */
export function hasPicture(user: Pick<SessionUser, "avatar">): boolean {
  return user.avatar.length >= 4;
}

/**
 * The picture at most AVATAR_PIXELS wide and high. One already small enough is sent as it is;
 * one the browser cannot decode is sent as it is too, and the server says why it is refused.
 */
async function shrink(file: File): Promise<{ blob: Blob; name: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { blob: file, name: file.name };
  }
  const scale = Math.min(1, AVATAR_PIXELS / Math.max(bitmap.width, bitmap.height));
  const fits = (AVATAR_TYPES as readonly string[]).includes(file.type) && file.size <= AVATAR_MAX_BYTES;
  if (scale === 1 && fits) return { blob: file, name: file.name };
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  // A browser that cannot write WebP writes PNG (the canvas standard's fallback).
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.9));
  if (!blob) return { blob: file, name: file.name };
  return { blob, name: blob.type === "image/webp" ? "avatar.webp" : "avatar.png" };
}

export function ProfilePicture({ user }: { user: SessionUser }) {
  const { t } = useTranslation("account");
  const setSessionUser = useSetSessionUser();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<SessionUser>) => {
    setBusy(true);
    setError(null);
    try {
      setSessionUser(await call());
    } catch (failure) {
      if (failure instanceof ApiError && [413, 415, 422].includes(failure.status))
        setError(errorText(failure.message, failure.code));
      else showError(failure);
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    void run(async () => {
      const { blob, name } = await shrink(file);
      return profileCalls.picture(user.id, blob, name);
    });
  };

  const remove = async () => {
    if (!(await confirmAction({ message: t("profile.picture_delete_confirm"), danger: true }))) return;
    await run(() => profileCalls.deletePicture(user.id));
  };

  const picture = hasPicture(user) ? user.avatar : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="profile-picture">
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar src={picture} size={96} radius={96} color="blue" data-testid="profile-picture-avatar">
          {user.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Text fw={600}>{t("profile.picture")}</Text>
          <Text size="sm" c="dimmed">
            {t("profile.picture_hint")}
          </Text>
          <Group gap="xs">
            <FileButton onChange={upload} accept={AVATAR_TYPES.join(",")}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={busy}
                  data-testid="profile-picture-upload"
                >
                  {t("profile.picture_upload")}
                </Button>
              )}
            </FileButton>
            {picture && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => void remove()}
                disabled={busy}
                data-testid="profile-picture-delete"
              >
                {t("profile.picture_delete")}
              </Button>
            )}
          </Group>
          {error && (
            <Text size="sm" c="red" data-testid="profile-picture-error">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
