import { Button } from './button.tsx';

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

/** A page header's "Export CSV" button; `title` says which rows the file holds. */
export function ExportCsvButton({
  busy,
  onExport,
  title,
  withIcon = false,
}: {
  busy: boolean;
  onExport: () => void;
  title: string;
  withIcon?: boolean;
}) {
  return (
    <Button variant="light" disabled={busy} onClick={onExport} title={title}>
      {withIcon ? <DownloadIcon /> : null}
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
