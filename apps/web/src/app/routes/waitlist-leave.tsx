export { WaitlistLeavePage as WaitlistLeaveRoute } from '../../features/checkout/pages/waitlist-leave-page.tsx';
