export { UnsubscribePage as UnsubscribeRoute } from '../../features/messages/pages/unsubscribe-page.tsx';
