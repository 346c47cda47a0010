import { OrdersPage } from '../../../features/orders/pages/orders-page.tsx';

export function ManageOrdersRoute() {
  return <OrdersPage />;
}
