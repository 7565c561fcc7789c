import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../packages/web/dist/', import.meta.url).pathname;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Which screen module each route loads after the app shell. */
const ROUTE_SCREENS: Record<string, string> = {
  '#/login': 'src/features/login/LoginPage.tsx',
  '#/403': 'src/features/results/ForbiddenPage.tsx',
  '#/404': 'src/features/results/NotFoundPage.tsx',
  'menu item (dashboard)': 'src/features/dashboard/DashboardPage.tsx',
  'menu item (AI report)': 'src/features/ai-report/AiReportPage.tsx',
  '#/manage': 'src/features/manage-visual/ManageVisualPage.tsx',
  '#/manage/data': 'src/features/manage-data/ManageDataPage.tsx',
  '#/manage/sys': 'src/features/manage-sys/ManageSysPage.tsx',
  '#/manage/admin': 'src/features/admin/AdminConsolePage.tsx',
  '#/download': 'src/features/download/DownloadPage.tsx',
  '#/report': 'src/features/report/ReportPage.tsx',
  '#/kg': 'src/features/kg/KgPage.tsx',
  '#/search': 'src/features/search/SearchPage.tsx',
};

/** Gzipped bytes of JS and CSS a first visit to each route downloads (shell + screen). */
export async function measureBundle() {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    await readFile(join(DIST, '.vite/manifest.json'), 'utf8'),
  );
  const sizes = new Map<string, number>();
  const gzipped = async (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(await readFile(join(DIST, file))).length);
    return sizes.get(file)!;
  };
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web build's manifest`);
    if (!seen.has(chunk.file)) {
      seen.add(chunk.file);
      for (const css of chunk.css ?? []) seen.add(css);
      for (const imported of chunk.imports ?? []) closure(imported, seen);
    }
    return seen;
  };
  const total = async (files: Iterable<string>) => {
    let bytes = 0;
    for (const file of files) bytes += await gzipped(file);
    return bytes;
  };

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const shell = closure(entry);
  const routes: Record<string, { shellGzipKB: number; screenGzipKB: number; totalGzipKB: number }> =
    {};
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  for (const [route, screen] of Object.entries(ROUTE_SCREENS)) {
    const extra = [...closure(screen)].filter((file) => !shell.has(file));
    const shellBytes = await total(shell);
    const screenBytes = await total(extra);
    routes[route] = {
      shellGzipKB: kb(shellBytes),
      screenGzipKB: kb(screenBytes),
      totalGzipKB: kb(shellBytes + screenBytes),
    };
  }
  return routes;
}
