/** A setup entry's colour (spec/3-staff-administration.md §3 `style`): Mantine's palette names, shown as swatches. */
import { Badge, ColorSwatch, Group, Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SETUP_STYLES } from "../../../../common/schemas/setup.ts";

const swatch = (style: string) => `var(--mantine-color-${style}-filled, ${style})`;

export function StyleSelect({ value, onChange }: { value: string; onChange(style: string): void }) {
  const { t } = useTranslation("setup");
  // A colour the palette lacks (a #hex written through the API) stays choosable.
  const styles: string[] = [...SETUP_STYLES];
  if (value && !styles.includes(value)) styles.push(value);
  return (
    <Select
      label={t("fields.style")}
      placeholder={t("fields.style_none")}
      data={styles.map((style) => ({ value: style, label: t(`styles.${style}`, { defaultValue: style }) }))}
      value={value || null}
      onChange={(style) => onChange(style ?? "")}
      clearable
      allowDeselect
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={swatch(option.value)} size={14} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      leftSection={value ? <ColorSwatch color={swatch(value)} size={14} /> : undefined}
      data-testid="setup-style"
    />
  );
}

/** The entry's title in its colour, as lists elsewhere show it. */
export function StyleBadge({ style, label }: { style: string; label: string }) {
  return (
    <Badge color={style || "gray"} variant="light" style={{ textTransform: "none" }}>
      {label}
    </Badge>
  );
}
