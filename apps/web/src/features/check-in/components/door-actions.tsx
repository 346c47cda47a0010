import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/cn.ts';
import { BACKUP_FILE_NAME, importMessage } from '../lib/door.ts';
import type { DoorController } from '../lib/door-controller.ts';
import { DownloadIcon, SendIcon, UploadIcon } from '../../../components/ui/icons.tsx';

const secondary = cn(
  'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl bg-white px-4 text-base font-semibold text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
);

/**
 * Spec §2 buttons: 'Send Validated Tickets' (success toast = data.data.message, fallback
 * 'Tickets sent'; failures get the shared client's toast), Export (data.json) and Import
 * (.json; a malformed file is silently ignored).
 */
export function DoorActions({ controller }: { controller: DoorController }) {
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  async function send() {
    setSending(true);
    try {
      const result = await controller.sendValidated();
      toast.success(result.message);
    } catch {
      // The API client already showed the spec's error toast.
    } finally {
      setSending(false);
    }
  }

  function exportFile() {
    const blob = new Blob([controller.exportJson()], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    try {
      const added = controller.importJson(await file.text());
      // A malformed file is silently ignored (spec §2): only logged.
      if (!added) console.warn(`Ignored ${file.name}: not a door export of this event.`);
      else toast.success(importMessage(added));
    } catch (error) {
      console.warn(`Could not read ${file.name}:`, error);
    }
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={() => void send()}
        disabled={sending}
        aria-busy={sending}
        className={cn(
          'inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-5 text-lg font-semibold text-white shadow-sm hover:bg-indigo-500',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'disabled:cursor-not-allowed disabled:opacity-70',
        )}
      >
        <SendIcon className="size-5" />
        Send Validated Tickets
      </button>
      <div className="flex gap-3">
        <button type="button" onClick={exportFile} className={secondary}>
          <DownloadIcon className="size-5" />
          Export
        </button>
        <button type="button" onClick={() => fileRef.current?.click()} className={secondary}>
          <UploadIcon className="size-5" />
          Import
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Import data.json"
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            // The same file can be chosen again.
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
