// The frame moved to components/ui so the team join page uses it too.
export { AuthScreen } from '../../../components/ui/auth-screen.tsx';
