import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * The order's QR code, drawn in the browser. The `qrcode` library is loaded only when a
 * ticket is shown, so it never weighs on the pages before.
 */
export function OrderQr({ code, className }: { code: string; className?: string }) {
  const [image, setImage] = useState<{ code: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) =>
        qr.toDataURL(code, {
          errorCorrectionLevel: 'M',
          margin: 1,
          width: 480,
          color: { dark: '#0f172a', light: '#ffffff' },
        }),
      )
      .then((url) => {
        if (!cancelled) setImage({ code, url });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [code]);

  const frame = cn(
    'flex aspect-square w-full max-w-56 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-slate-200',
    className,
  );
  if (failed) {
    return (
      <div className={cn(frame, 'p-4 text-center text-sm text-slate-500')}>
        The QR code could not be drawn. Show the order code at the door instead.
      </div>
    );
  }
  if (!image || image.code !== code) {
    return (
      <div className={frame}>
        <span className="size-full animate-pulse rounded-lg bg-slate-100" />
        <span className="sr-only">Drawing the QR code…</span>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={image.url}
        alt={`QR code of order ${code}`}
        data-testid="order-qr"
        data-code={code}
        className="size-full [image-rendering:pixelated]"
      />
    </div>
  );
}
