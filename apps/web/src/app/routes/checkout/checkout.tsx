export { CheckoutPage as CheckoutRoute } from '../../../features/checkout/pages/checkout-page.tsx';
