import { HomePage } from '../../features/events/pages/home-page.tsx';

export function HomeRoute() {
  return <HomePage />;
}
