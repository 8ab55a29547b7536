/**
 * Pieces the announcement and FAQ forms share: the form frame that submits only when allowed,
 * the binding of a draft's text field to an input, a row's icon button with its tooltip, and the
 * add button (disabled while a row is open).
 */
import { ActionIcon, Button, Stack, Tooltip } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ChangeEvent, ReactNode } from "react";

export function SetupForm({
  allowed,
  onSubmit,
  testId,
  children,
}: {
  allowed: boolean;
  onSubmit(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      gap="sm"
      p="sm"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (allowed) onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}

/** value and onChange of an input bound to one text field of a draft. */
export function bindText<D, K extends keyof D & string>(
  draft: D,
  onChange: (change: Partial<D>) => void,
): (field: K) => { value: D[K]; onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void } {
  return (field) => ({
    value: draft[field],
    onChange: (event) => onChange({ [field]: event.currentTarget.value } as Partial<D>),
  });
}

export function RowAction({
  label,
  color,
  disabled,
  onClick,
  testId,
  children,
}: {
  label: string;
  color?: string;
  disabled: boolean;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function AddRowButton({
  label,
  disabled,
  onClick,
  testId,
}: {
  label: string;
  disabled: boolean;
  onClick(): void;
  testId: string;
}) {
  return (
    <Button leftSection={<IconPlus size={16} />} disabled={disabled} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
