export { TestPaymentPage as CheckoutTestPaymentRoute } from '../../../features/checkout/pages/test-payment-page.tsx';
