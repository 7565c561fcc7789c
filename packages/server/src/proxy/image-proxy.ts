import { PUBLIC_DESTINATIONS } from '../net/destination.js';
import { ImageCache } from './cache.js';
import {
  fetchImage,
  parseImageUri,
  type FetchImageOptions,
  type FetchedImage,
} from './fetch-image.js';

export interface ImageProxyOptions extends FetchImageOptions {
  /** Folder of the disk cache; none to fetch every time. */
  cacheDir?: string;
  /** Bound on the cache's total size. */
  cacheMaxBytes: number;
  /** Cached images older than this are fetched again. */
  cacheMaxAgeMs: number;
}

export const MB = 1024 * 1024;

export const IMAGE_PROXY_DEFAULTS: ImageProxyOptions = {
  ...PUBLIC_DESTINATIONS,
  maxBytes: 5 * MB,
  timeoutMs: 8000,
  maxRedirects: 3,
  cacheMaxBytes: 200 * MB,
  cacheMaxAgeMs: 7 * 24 * 3600 * 1000,
};

export interface ProxiedImage extends FetchedImage {
  cache: 'hit' | 'miss';
}

/**
 * GET /proxy's work: parse and check the URI, answer from the disk cache, or fetch through the
 * address policy and store. Concurrent requests for one URI share one fetch.
 */
export class ImageProxy {
  readonly options: ImageProxyOptions;
  private readonly cache?: ImageCache;
  private readonly inFlight = new Map<string, Promise<FetchedImage>>();

  constructor(options: Partial<ImageProxyOptions> = {}) {
    this.options = { ...IMAGE_PROXY_DEFAULTS, ...options };
    const { cacheDir, cacheMaxBytes } = this.options;
    if (cacheDir && cacheMaxBytes > 0) this.cache = new ImageCache(cacheDir, cacheMaxBytes);
  }

  async get(uri: string): Promise<ProxiedImage> {
    const url = parseImageUri(uri);
    const key = url.href;
    const cached = await this.cache?.get(key);
    if (cached && Date.now() - cached.storedAt < this.options.cacheMaxAgeMs) {
      return { contentType: cached.contentType, body: cached.body, cache: 'hit' };
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchAndStore(url).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { ...(await pending), cache: 'miss' };
  }

  private async fetchAndStore(url: URL): Promise<FetchedImage> {
    const image = await fetchImage(url, this.options);
    // A full disk or a read-only folder costs the cache, not the answer.
    await this.cache?.put(url.href, image.contentType, image.body).catch(() => undefined);
    return image;
  }
}
