import type { PageData, PageDataRequestInput, ProjectDetail } from '@yuqing/core';
import { fetchPageData } from '../api/pageData';

/** A prefetched answer not taken within this time is dropped (its page never mounted). */
const PREFETCH_TTL_MS = 10_000;

/** A published page by key, as page_data names it. */
export interface PublishedPage {
  page: string;
  version?: number;
}

/** A menu page of the dashboard the session shows: its key, and its version when published. */
export function publishedPage(detail: ProjectDetail | undefined, page: string): PublishedPage {
  const version = detail?.source.kind === 'published' ? detail.source.version : null;
  return { page, ...(version !== null && { version }) };
}

interface Asked {
  answer: Promise<PageData>;
  /** The answer once it is in, for a page drawn after it came. */
  arrived?: PageData;
  expire: ReturnType<typeof setTimeout>;
}

const asked = new Map<string, Asked>();

/** One page_data body, written the same wherever it is asked for, so a prefetch is found. */
const pageDataBodyKey = (body: PageDataRequestInput) => JSON.stringify(body);

/**
 * Asks for a page's data before the page is on screen (a navigation to it has just begun); the
 * page takes the answer with `takePrefetchedPageData` when it asks for the same body.
 */
export function prefetchPageData(body: PageDataRequestInput): void {
  const key = pageDataBodyKey(body);
  if (asked.has(key)) return;
  const controller = new AbortController();
  const answer = fetchPageData(body, controller.signal);
  const expire = setTimeout(() => {
    asked.delete(key);
    controller.abort();
  }, PREFETCH_TTL_MS);
  const entry: Asked = { answer, expire };
  // Whoever takes it hears its failure; an answer nobody takes is not a failure.
  answer.then(
    (data) => (entry.arrived = data),
    () => {},
  );
  asked.set(key, entry);
}

/**
 * The prefetched answer of exactly this body if it is in already, left for
 * `takePrefetchedPageData`: a page drawn after its data came shows it in its first render.
 */
export function arrivedPageData(body: PageDataRequestInput): PageData | undefined {
  return asked.get(pageDataBodyKey(body))?.arrived;
}

/** The prefetched answer of exactly this body, once. */
export function takePrefetchedPageData(body: PageDataRequestInput): Promise<PageData> | undefined {
  const key = pageDataBodyKey(body);
  const entry = asked.get(key);
  if (!entry) return undefined;
  asked.delete(key);
  clearTimeout(entry.expire);
  return entry.answer;
}
