import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { createDuplicateFilter, MAX_SCANS_PER_SECOND } from '../lib/door.ts';
import { CameraOffIcon, TorchIcon } from '../../../components/ui/icons.tsx';

type CameraState = 'starting' | 'on' | 'off' | 'insecure';

/**
 * Browsers give the camera only to a secure context: a page over HTTPS, or on localhost.
 * Opened over plain HTTP from another address (a phone on the venue's network reaching
 * http://192.168.x.x:3000), the camera cannot start whatever the steward allows.
 */
const secureContext = () => typeof window === 'undefined' || window.isSecureContext;

/**
 * QR Scan tab (spec §2, §4, §9): the rear camera, scanned every 500 ms; the same QR text
 * is ignored for 5 s after a scan; a torch toggle only where the camera has one. Camera
 * and torch failures are only logged (§8); the panel says the camera is off.
 */
export function QrScanPanel({
  onText,
  onCameraOff,
}: {
  onText: (text: string) => void;
  onCameraOff: (off: boolean) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const scannerRef = useRef<QrScanner | null>(null);
  const onTextRef = useRef(onText);
  const onCameraOffRef = useRef(onCameraOff);
  const [camera, setCamera] = useState<CameraState>(() =>
    secureContext() ? 'starting' : 'insecure',
  );
  const [hasTorch, setHasTorch] = useState(false);
  const [torchOn, setTorchOn] = useState(false);

  useEffect(() => {
    onTextRef.current = onText;
    onCameraOffRef.current = onCameraOff;
  });

  useEffect(() => {
    if (!secureContext()) {
      // Asking would only fail: say why instead (InsecureContextNote).
      onCameraOffRef.current(true);
      return;
    }
    const video = videoRef.current;
    const overlay = overlayRef.current;
    if (!video || !overlay) return;
    const isNew = createDuplicateFilter();
    let cancelled = false;
    const scanner = new QrScanner(
      video,
      (result) => {
        if (isNew(result.data, Date.now())) onTextRef.current(result.data);
      },
      {
        preferredCamera: 'environment',
        maxScansPerSecond: MAX_SCANS_PER_SECOND,
        highlightScanRegion: true,
        highlightCodeOutline: true,
        overlay,
        returnDetailedScanResult: true,
        // "No QR code found" arrives for every frame without a code: not a failure.
        onDecodeError: (error) => {
          if (error !== QrScanner.NO_QR_CODE_FOUND) console.warn('QR decoding failed:', error);
        },
      },
    );
    scannerRef.current = scanner;
    scanner
      .start()
      .then(async () => {
        if (cancelled) return;
        setCamera('on');
        onCameraOffRef.current(false);
        const flash = await scanner.hasFlash();
        if (!cancelled) setHasTorch(flash);
      })
      .catch((error: unknown) => {
        // Spec §8: camera failures are only logged.
        console.error('The camera could not start:', error);
        if (cancelled) return;
        setCamera('off');
        onCameraOffRef.current(true);
      });
    return () => {
      cancelled = true;
      scanner.destroy();
      scannerRef.current = null;
    };
  }, []);

  async function toggleTorch() {
    const scanner = scannerRef.current;
    if (!scanner) return;
    try {
      await scanner.toggleFlash();
    } catch (error) {
      // Spec §8: torch failures are only logged.
      console.error('The torch could not be switched:', error);
    }
    setTorchOn(scanner.isFlashOn());
  }

  if (camera === 'insecure') return <InsecureContextNote />;

  return (
    <div className="space-y-3">
      <div className="relative mx-auto aspect-square max-h-[calc(42dvh-var(--test-banner,0px))] w-full max-w-md overflow-hidden rounded-2xl bg-slate-900 shadow-inner lg:max-h-none">
        <video
          ref={videoRef}
          className="size-full object-cover"
          muted
          playsInline
          aria-label="Camera view"
        />
        <div ref={overlayRef} aria-hidden="true" />
        {camera !== 'on' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-slate-200">
            {camera === 'starting' ? (
              <>
                <span className="size-10 animate-spin rounded-full border-4 border-white/20 border-t-white" />
                <p className="text-base font-medium">Starting the camera…</p>
              </>
            ) : (
              <>
                <CameraOffIcon className="size-10" />
                <p className="text-base font-medium">
                  The camera is off. Use the Manual or Search tab, or allow the camera and reopen
                  this tab.
                </p>
              </>
            )}
          </div>
        ) : null}
      </div>
      {hasTorch ? (
        <div className="flex justify-center">
          <button
            type="button"
            aria-pressed={torchOn}
            onClick={() => void toggleTorch()}
            className={cn(
              'inline-flex min-h-12 items-center gap-2 rounded-xl px-5 text-base font-semibold shadow-sm ring-1 ring-inset',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              torchOn
                ? 'bg-amber-300 text-amber-950 ring-amber-400'
                : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-50',
            )}
          >
            <TorchIcon className="size-5" />
            {torchOn ? 'Torch on' : 'Torch off'}
          </button>
        </div>
      ) : null}
      <p className="text-center text-sm text-slate-500">
        Hold the ticket&apos;s QR code inside the frame.
      </p>
    </div>
  );
}

/** Why the camera cannot start on this page, and what still works. */
function InsecureContextNote() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div
      role="status"
      data-testid="insecure-context"
      className="mx-auto max-w-md rounded-2xl bg-slate-900 px-5 py-6 text-slate-100 shadow-inner"
    >
      <CameraOffIcon className="size-10 text-amber-300" />
      <p className="mt-3 text-lg font-semibold">The camera cannot start on this connection.</p>
      <p className="mt-2 text-base">
        Browsers give the camera only to pages opened over HTTPS (or on this device as localhost).
        This page was opened over plain HTTP at{' '}
        <span className="font-mono break-words">{origin}</span>, so no setting on this device can
        turn the camera on.
      </p>
      <p className="mt-2 text-base font-semibold text-emerald-300">
        Manual entry and Search still work: use the Manual tab for the 8-digit code, or Search by
        name or email.
      </p>
      <p className="mt-2 text-sm text-slate-300">
        To scan QR codes, open the door through this Gatepass&apos;s HTTPS address.
      </p>
    </div>
  );
}
