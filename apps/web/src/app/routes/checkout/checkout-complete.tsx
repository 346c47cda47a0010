export { CompletePage as CheckoutCompleteRoute } from '../../../features/checkout/pages/complete-page.tsx';
