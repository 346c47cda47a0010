export { WaitlistClaimPage as CheckoutWaitlistClaimRoute } from '../../../features/checkout/pages/waitlist-claim-page.tsx';
