export { QueueJoinPage as QueueJoinRoute } from '../../../features/checkout/pages/queue-join-page.tsx';
