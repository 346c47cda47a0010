export { PaymentPage as CheckoutPayRoute } from '../../../features/checkout/pages/payment-page.tsx';
