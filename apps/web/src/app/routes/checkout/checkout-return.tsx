export { PaymentReturnPage as CheckoutReturnRoute } from '../../../features/checkout/pages/payment-return-page.tsx';
