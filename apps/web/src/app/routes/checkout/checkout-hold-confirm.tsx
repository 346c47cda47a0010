export { HoldConfirmPage as CheckoutHoldConfirmRoute } from '../../../features/checkout/pages/hold-confirm-page.tsx';
