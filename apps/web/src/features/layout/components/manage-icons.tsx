import type { ComponentType, SVGProps } from 'react';
import {
  BanknoteIcon,
  CalendarIcon,
  HomeIcon,
  MegaphoneIcon,
  ReceiptIcon,
  ScanIcon,
  SlidersIcon,
  UsersIcon,
} from '../../../components/ui/icons.tsx';
import type { ManageIcon } from '../lib/navigation.ts';

export const manageIcons: Record<ManageIcon, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  events: CalendarIcon,
  orders: ReceiptIcon,
  marketing: MegaphoneIcon,
  financies: BanknoteIcon,
  settings: SlidersIcon,
  team: UsersIcon,
  door: ScanIcon,
};
