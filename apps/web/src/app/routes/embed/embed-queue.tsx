export { EmbedQueuePage as EmbedQueueRoute } from '../../../features/checkout/pages/embed-queue-page.tsx';
