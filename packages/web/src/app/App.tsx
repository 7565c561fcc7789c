import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { primaryColorOf, SessionContext, type Session } from '../session/session';

interface AppProps {
  session: Session;
  router: DataRouter;
}

export function App({ session, router }: AppProps) {
  return (
    <AppProviders primaryColor={primaryColorOf(session)}>
      <SessionContext value={session}>
        <RouterProvider router={router} />
      </SessionContext>
    </AppProviders>
  );
}
