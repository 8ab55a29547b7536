/**
 * Text inputs with the spec's length counter (length/limit) and 'Input is too long.' once the
 * limit is passed (spec/1-product-frame.md §5). The limit is not enforced by the browser, so the message can show.
 */
import { Group, Text, Textarea, type TextareaProps, TextInput, type TextInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

function Counter({ length, limit }: { length: number; limit: number }) {
  return (
    <Text component="span" size="xs" c={length > limit ? "red" : "dimmed"} data-testid="length-counter">
      {length}/{limit}
    </Text>
  );
}

function useLimit(value: string, limit: number, description?: React.ReactNode) {
  const { t } = useTranslation("errors");
  const tooLong = value.length > limit;
  return {
    error: tooLong ? t("input_too_long") : undefined,
    description: (
      <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
        <span>{description}</span>
        <Counter length={value.length} limit={limit} />
      </Group>
    ),
    inputWrapperOrder: ["label", "input", "description", "error"] as ("label" | "input" | "description" | "error")[],
  };
}

export function LimitedTextInput({
  value,
  limit,
  description,
  ...props
}: Omit<TextInputProps, "value"> & { value: string; limit: number }) {
  return <TextInput value={value} {...useLimit(value, limit, description)} {...props} />;
}

export function LimitedTextarea({
  value,
  limit,
  description,
  ...props
}: Omit<TextareaProps, "value"> & { value: string; limit: number }) {
  return <Textarea value={value} {...useLimit(value, limit, description)} {...props} />;
}
