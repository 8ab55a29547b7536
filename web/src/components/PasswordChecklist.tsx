/** The password rules as a checklist whose lines turn green as each rule is met (spec/1-product-frame.md §5). */
import { List, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../common/constants.ts";
import { PASSWORD_RULES } from "../../../common/password.ts";

export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <List spacing={4} size="sm" center data-testid="password-checklist">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.key}
            data-rule={rule.key}
            data-met={met}
            icon={
              <ThemeIcon color={met ? "green" : "gray"} variant={met ? "filled" : "light"} size={18} radius="xl">
                {met ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={met ? "green" : "dimmed"}>
              {t(`password.rules.${rule.key}`, { count: LIMITS.passwordMin })}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
