/**
 * An export button opening the kinds of file it makes (CSV, Excel, PDF), with a progress bar
 * beside it while one is made (`useFileExport`).
 */
import { Button, Group, Menu } from '@mantine/core';
import type { FileExport } from '@/lib/use-file-export';
import { TransferProgress } from './transfer-progress';

export interface ExportChoice<K extends string> {
  kind: K;
  /** The menu item's text. */
  label: string;
  /** The progress bar's label while this kind is made ("Preparing PDF"). */
  making: string;
}

export interface FileExportMenuProps<K extends string> {
  choices: readonly ExportChoice<K>[];
  exporter: FileExport<K>;
  /** The button's text ("Export") and its accessible name ("Export Consumption by materials"). */
  label: string;
  ariaLabel?: string;
  disabled?: boolean;
  /** The button's test id; each item's is `<testId>-<kind>`, the progress bar's `<testId>-progress`. */
  testId: string;
}

export function FileExportMenu<K extends string>({ choices, exporter, label, ariaLabel, disabled = false, testId }: FileExportMenuProps<K>) {
  const { busy, progress, run } = exporter;
  const making = choices.find((c) => c.kind === busy)?.making;
  return (
    <Group gap="sm" wrap="nowrap">
      {busy ? <TransferProgress label={making ?? label} value={progress} testId={`${testId}-progress`} compact /> : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" disabled={disabled || busy !== null} aria-label={ariaLabel} data-testid={testId}>
            {label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {choices.map(({ kind, label: text }) => (
            <Menu.Item key={kind} onClick={() => void run(kind)} data-testid={`${testId}-${kind}`}>
              {text}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
