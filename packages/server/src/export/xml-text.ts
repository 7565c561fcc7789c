/**
 * Characters XML 1.0 cannot hold: the control characters other than tab, LF and CR, U+FFFE and
 * U+FFFF, and surrogates without their pair. One such character in an imported post made a
 * Word brief fail and a deck or sheet a file Office refuses.
 */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML can hold it: the characters XML 1.0 forbids are dropped. */
export const xmlText = (text: string): string => text.replace(INVALID_XML, '');

const isPlain = (value: object) =>
  Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;

/**
 * A copy of `value` whose every string, in plain objects and arrays at any depth, is `xmlText`
 * of it; anything else (numbers, buffers, class instances) is kept as it is.
 */
export function xmlSafe<T>(value: T): T {
  if (typeof value === 'string') return xmlText(value) as T;
  if (typeof value !== 'object' || value === null || !isPlain(value)) return value;
  if (Array.isArray(value)) return value.map(xmlSafe) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [xmlText(key), xmlSafe(item)]),
  ) as T;
}
