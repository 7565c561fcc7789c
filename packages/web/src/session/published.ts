/**
 * Whether this tab published (or rolled back) the project's dashboard since it loaded. The
 * session holds the dashboard and menu it loaded with, so the pages it shows are then the old
 * ones until the next full load.
 */
let published = false;

export function markDashboardPublished(): void {
  published = true;
}

export function dashboardPublishedSinceLoad(): boolean {
  return published;
}
