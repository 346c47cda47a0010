import { Icon, type IconProps } from './public-icons.tsx';

/**
 * Outline icons drawn on a 24 px grid; decorative, so hidden from screen readers.
 * The one icon vocabulary of the web app: shared, events and door icons alike. The public
 * pages' icons live in public-icons.tsx (their first load carries only those) and are
 * re-exported here.
 */
export {
  ArrowRightIcon,
  BanknoteIcon,
  CalendarIcon,
  CalendarPlusIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClockIcon,
  CopyIcon,
  ExternalLinkIcon,
  FilterIcon,
  MapPinIcon,
  MenuIcon,
  MinusIcon,
  PlusIcon,
  QrIcon,
  SearchIcon,
  ShieldCheckIcon,
  TicketIcon,
  UsersIcon,
  VideoIcon,
  WhatsappIcon,
  XLogoIcon,
} from './public-icons.tsx';

export const HomeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9" />
  </Icon>
);

export const ReceiptIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);

export const MegaphoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 10v4a1 1 0 0 0 1 1h2l7 4V5L7 9H5a1 1 0 0 0-1 1z" />
    <path d="M17.5 9.5a3.5 3.5 0 0 1 0 5M7 15l1 5h2.5l-1-4.5" />
  </Icon>
);

export const SlidersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
    <path d="m16 8 4 4-4 4M20 12H9" />
  </Icon>
);

export const LoginIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="m10 8 4 4-4 4M14 12H3" />
  </Icon>
);

export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6 8.5-6" />
  </Icon>
);

export const KeyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 8-8M16 7l2.5 2.5M14 9l2 2" />
  </Icon>
);

// Events screens (cards, wizard, sharing, filters).

export const PencilIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

export const DotsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 6h.01M12 12h.01M12 18h.01" strokeWidth={3} />
  </Icon>
);

export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </Icon>
);

export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4 2.5 20h19z" />
    <path d="M12 10v4M12 17h.01" />
  </Icon>
);

export const ShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <path d="m8.2 10.8 7.6-3.6M8.2 13.2l7.6 3.6" />
  </Icon>
);

export const CheckCircleIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </Icon>
);

export const RepeatIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5l3 2" />
  </Icon>
);

export const XCircleIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </Icon>
);

export const ScanIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2" />
    <path d="M8 12h8" />
  </Icon>
);

export const KeypadIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <path d="M7 10h.01M11 10h.01M15 10h.01M7 14h10" strokeWidth={2.25} />
  </Icon>
);

export const TorchIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M8 3h8v4l-2 3v10a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1V10L8 7z" />
    <path d="M12 13v2" />
  </Icon>
);

export const SendIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M21 3 10 14" />
    <path d="m21 3-7 18-4-7-7-4z" />
  </Icon>
);

export const DownloadIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 20h14" />
  </Icon>
);

export const UploadIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M5 20h14" />
  </Icon>
);

export const CameraOffIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M3 3l18 18" />
    <path d="M9.5 5H15l1.5 2H19a2 2 0 0 1 2 2v8.5M17.5 19H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h2" />
    <path d="M9.8 10.7A3 3 0 0 0 14 14.6" />
  </Icon>
);

export const CloudOffIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M3 3l18 18" />
    <path d="M7.5 8A5 5 0 0 0 6 18h11M20.5 15.5A4 4 0 0 0 17 10h-.5a6 6 0 0 0-6.8-4.8" />
  </Icon>
);

export const RefreshIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4" />
  </Icon>
);

/** A wallet (the "Add to Apple Wallet" / "Save to Google Wallet" buttons; not their artwork). */
export const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
    <rect x="4" y="7.5" width="16" height="11.5" rx="2.5" />
    <path d="M16 13.25h.01" strokeWidth={2.5} />
  </Icon>
);
