/** Player profile, /admin/members/member-profile/{member_id} (spec/3-staff-administration.md §2.3); an unknown player gets a clean not-found state. */
import { Alert, Button, Paper, Stack } from "@mantine/core";
import { IconAlertCircle, IconArrowBack } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../../api/client.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";
import { fetchMemberInformation, playerKeys } from "../../../features/players/api.ts";
import { MemberProfile } from "../../../features/players/MemberProfile.tsx";
import { PageLoader } from "../../../ui/Loaders.tsx";
import { useErrorText } from "../../../ui/useErrorText.ts";

/** A member id of the path, or null when it cannot be one. */
function memberIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export default function MemberProfilePage() {
  const { t } = useTranslation("players");
  const errorText = useErrorText();
  const memberId = memberIdOf(useParams().memberId);
  const query = useQuery({
    queryKey: playerKeys.information(memberId ?? 0),
    queryFn: () => fetchMemberInformation(memberId ?? 0),
    enabled: memberId !== null,
    retry: false,
  });
  const title = query.data?.member.name ?? t("profile_title");
  const breadcrumbs = useAdminCrumbs(
    { label: t("players", { ns: "sidebar" }), to: "/admin/members/search-members" },
    { label: t("profile_title") },
  );

  let body: ReactNode;
  const error = query.error;
  if (memberId === null || error) {
    const notFound = memberId === null || (error instanceof ApiError && error.status === 404);
    body = (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} w="100%" data-testid="member-not-found">
          {notFound
            ? t("profile.not_found")
            : errorText(error?.message ?? "", error instanceof ApiError ? error.code : undefined)}
        </Alert>
        <Button
          component={Link}
          to="/admin/members/search-members"
          variant="default"
          leftSection={<IconArrowBack size={16} />}
        >
          {t("profile.back")}
        </Button>
      </Stack>
    );
  } else if (!query.data) {
    body = (
      <Paper withBorder radius="md" pos="relative" mih={300}>
        <PageLoader />
      </Paper>
    );
  } else body = <MemberProfile information={query.data} />;

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      {body}
    </>
  );
}
