import { EVENT_LIMITS } from '@gatepass/shared';
import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { readApiFailure } from '../../../../lib/api-error.ts';
import { cn } from '../../../../lib/cn.ts';
import { useRemoveCover } from '../../api/remove-cover.ts';
import { useUploadCover } from '../../api/upload-cover.ts';
import { EventCover } from '../event-cover.tsx';
import { ImageIcon } from '../../../../components/ui/icons.tsx';
import type { StepProps } from './step-props.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a file cannot be the cover, checked before it is sent (the server checks again). */
export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!ACCEPTED.includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > EVENT_LIMITS.coverMaxBytes)
    return 'The image is larger than 5 MB. Choose a smaller one.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

export function MediaStep({ event }: StepProps) {
  const upload = useUploadCover();
  const remove = useRemoveCover();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = upload.isPending || remove.isPending;

  const send = (file: File | undefined) => {
    if (!file || busy) return;
    const problem = coverFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(
      { id: event.id, file, onProgress: setProgress },
      {
        onSuccess: () => toast.success('Cover image saved.'),
        onError: (err) => setError(readApiFailure(err).error ?? 'The image could not be uploaded.'),
        onSettled: () => {
          setProgress(null);
          if (inputRef.current) inputRef.current.value = '';
        },
      },
    );
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    send(e.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-6">
      <div className="overflow-hidden rounded-2xl ring-1 ring-slate-200">
        <EventCover event={event} className="aspect-[16/9] w-full" />
      </div>
      <p className="-mt-3 text-sm text-slate-600">
        {event.coverUrl
          ? 'This is how the cover shows on your event page and cards.'
          : 'No cover yet: cards show this colour panel instead.'}
      </p>

      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <ImageIcon className="size-6" />
        </span>
        <label htmlFor={inputId} className="mt-3 font-semibold text-slate-900">
          {event.coverUrl ? 'Replace the cover image' : 'Upload a cover image'}
        </label>
        <p className="mt-1 text-sm text-slate-600">
          JPEG, PNG or WebP up to 5 MB. A wide image (about 1600 × 900) looks best.
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name="cover"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          disabled={busy}
          onChange={(e) => send(e.target.files?.[0])}
        />
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Button onClick={() => inputRef.current?.click()} disabled={busy}>
            {upload.isPending ? 'Uploading…' : 'Choose image'}
          </Button>
          {event.coverUrl ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                remove.mutate(event.id, { onSuccess: () => toast.success('Cover image removed.') })
              }
            >
              {remove.isPending ? 'Removing…' : 'Remove cover'}
            </Button>
          ) : null}
        </div>
        <p className="mt-3 hidden text-sm text-slate-500 sm:block">or drop an image here</p>
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="mt-4 h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-indigo-600 transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        ) : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
