import { deviceTimeZone, formatClock } from '@gatepass/shared';
import type { ReactNode } from 'react';
import {
  CameraOffIcon,
  CloudOffIcon,
  RefreshIcon,
  SendIcon,
} from '../../../components/ui/icons.tsx';

/**
 * Quiet notes on what the spec has only logged (§8): the camera is off, the list may be
 * out of date, the device is offline, codes wait to be sent. Never blocks the door.
 */
export function DoorHints({
  cameraOff,
  online,
  refreshFailed,
  refreshedAt,
  hasList,
  pending,
  postFailed,
  checking,
}: {
  cameraOff: boolean;
  online: boolean;
  refreshFailed: boolean;
  refreshedAt: number | null;
  hasList: boolean;
  pending: number;
  postFailed: boolean;
  /** A code not on the list yet, being looked up (decision 109). */
  checking: string | null;
}) {
  const hints: { key: string; icon: ReactNode; text: string }[] = [];
  if (checking) {
    hints.push({
      key: 'checking',
      icon: <RefreshIcon className="size-4" />,
      text: `Checking ${checking} with the server…`,
    });
  }
  const waiting = `${pending} waiting to send`;
  if (!online) {
    hints.push({
      key: 'offline',
      icon: <CloudOffIcon className="size-4" />,
      text: pending > 0 ? `Offline, ${waiting}` : 'Offline, checking against the saved list',
    });
  } else if (refreshFailed) {
    hints.push({
      key: 'stale',
      icon: <RefreshIcon className="size-4" />,
      text: !hasList
        ? 'Could not load the order list'
        : refreshedAt
          ? `List may be out of date (updated ${formatClock(refreshedAt, deviceTimeZone())})`
          : 'List may be out of date',
    });
  }
  // Online, codes wait only for the next idle sync; say so once sending has failed.
  if (online && pending > 0 && (postFailed || refreshFailed)) {
    hints.push({ key: 'pending', icon: <SendIcon className="size-4" />, text: waiting });
  }
  if (cameraOff) {
    hints.push({ key: 'camera', icon: <CameraOffIcon className="size-4" />, text: 'Camera off' });
  }
  if (hints.length === 0) return null;
  return (
    <ul aria-label="Door status" className="mt-1 flex flex-wrap gap-2">
      {hints.map((hint) => (
        <li
          key={hint.key}
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          {hint.icon}
          {hint.text}
        </li>
      ))}
    </ul>
  );
}
