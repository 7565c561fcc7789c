import { DEFAULT_PRIMARY_COLOR, parseProjectPath, type ProjectLocation } from '@yuqing/core';
import { Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { fetchProject, fetchProjectInfo } from '../api/project';
import { fetchUser } from '../api/user';
import { setValueLabels } from '../format/displayName';
import { setNumberStyle } from '../format/numberStyle';
import { isSignedIn } from '../session/access';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { configureMessages } from './configureMessages';
import { RouteFallback } from './RouteFallback';
import { buildRoutes } from './routes';
import { preloadCharts, preloadWidgetViews } from '../widgets/registry';
import { pageAddress, rememberedViews } from '../widgets/rememberedViews';
import { preloadDashboardPage, ProjectListPage, SharedReportPage } from './screens';
import { primaryColorOf, type Session } from '../session/session';
import { shareToken } from './sharePath';
import { StartupFailure } from './StartupFailure';
import { readUrlToken, removeUrlToken } from './urlToken';

const REFERRER_MAX = 2048;

async function loadSession(location: ProjectLocation): Promise<Session> {
  const token = readUrlToken();
  const referrer = document.referrer.slice(0, REFERRER_MAX) || undefined;
  const { repository, customer, project, subject_id } = location;
  try {
    const user = await fetchUser({ repository, customer, project, subject_id, token, referrer });
    // Both are about the project the user was just let into: asked together, not one by one.
    const [info, detail] = await Promise.all([
      fetchProjectInfo(),
      // A refused project (403) has already sent the page to #/403; the router shows it.
      isSignedIn(user) ? fetchProject(location.version).catch(() => undefined) : undefined,
    ]);
    setValueLabels(detail?.project);
    setNumberStyle(detail?.dashboard.site.numberStyle);
    return { location, user, info, detail };
  } finally {
    if (token) removeUrlToken();
  }
}

function renderProjectList(root: Root): void {
  root.render(
    <AppProviders primaryColor={DEFAULT_PRIMARY_COLOR}>
      <Suspense fallback={<RouteFallback />}>
        <ProjectListPage />
      </Suspense>
    </AppProviders>,
  );
}

/** A report's share page: opened by anyone with the link, signed in or not, outside any project. */
function renderSharedReport(root: Root, token: string): void {
  root.render(
    <AppProviders primaryColor={DEFAULT_PRIMARY_COLOR}>
      <Suspense fallback={<RouteFallback />}>
        <SharedReportPage token={token} />
      </Suspense>
    </AppProviders>,
  );
}

/**
 * Startup order (spec section 4): user info first, then the project's info and detail together,
 * then the router built from the project's menus, then the app is mounted. A share link asks for
 * none of them. Answers the mounted root.
 */
export async function bootstrap(container: HTMLElement): Promise<Root> {
  const root = createRoot(container);
  configureMessages(DEFAULT_PRIMARY_COLOR);
  const token = shareToken(window.location.pathname);
  if (token !== undefined) {
    renderSharedReport(root, token);
    return root;
  }
  const location = parseProjectPath(window.location.pathname);
  if (!location) {
    renderProjectList(root);
    return root;
  }
  void preloadDashboardPage();
  preloadCharts();
  const route = window.location.hash.slice(1).split('?')[0] || '/';
  void preloadWidgetViews(
    rememberedViews(pageAddress(window.location.pathname, route)).map((type) => ({ type })),
  );
  let session: Session;
  try {
    session = await loadSession(location);
  } catch (error) {
    root.render(
      <AppProviders primaryColor={DEFAULT_PRIMARY_COLOR}>
        <StartupFailure error={error} />
      </AppProviders>,
    );
    return root;
  }
  configureMessages(primaryColorOf(session));
  const router = createHashRouter(buildRoutes(session));
  root.render(<App session={session} router={router} />);
  return root;
}
