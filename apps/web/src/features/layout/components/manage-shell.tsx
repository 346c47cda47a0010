import { Outlet } from 'react-router';
import { ManageSidebar } from './manage-sidebar.tsx';

/** The organiser area: sidebar on the left (large screens), the section on the right. */
export function ManageShell() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <ManageSidebar />
      <div className="lg:pl-[70px]">
        <Outlet />
      </div>
    </div>
  );
}
