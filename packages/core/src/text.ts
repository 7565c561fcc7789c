/** Displayed text is sanitised by replacing angle brackets (spec section 5). */
export function sanitizeText(text: string): string {
  return text.replace(/</g, '＜').replace(/>/g, '＞');
}

/** Builds a page title: the route's own name, a hyphen, then the meta title (spec section 2). */
export function pageTitle(name: string | undefined, metaTitle: string | undefined): string {
  const parts = [name, metaTitle ?? name].filter((part): part is string => Boolean(part));
  return [...new Set(parts)].join(' - ');
}
