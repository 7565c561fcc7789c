/** A landing page's text as paragraphs: split at line breaks, blank lines dropped. */
export function paragraphs(content: string | undefined): string[] {
  return (content ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * An address a frame may load: http(s), or a path on this site (`/...`); never `javascript:` or
 * `data:`.
 */
export function frameUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** An image address: http(s), a path on this site, or an inline raster image. */
export function imageUrl(url: string | undefined): string | undefined {
  const trimmed = url?.trim();
  if (!trimmed) return undefined;
  if (/^data:image\/(png|jpe?g|gif|webp);/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return frameUrl(trimmed);
  // No scheme: a path on this site, or a protocol-relative address.
  return trimmed;
}
