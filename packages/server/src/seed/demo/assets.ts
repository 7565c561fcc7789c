/**
 * Pictures for the demo's avatars and post images, drawn as small SVGs so the demo needs no image
 * host and makes no outside requests. Serve `demoAssetSvg` under DEMO_ASSET_PREFIX.
 */
export const DEMO_ASSET_PREFIX = '/demo-assets';

const AVATARS = 48;
const IMAGES = 64;

export const avatarUrl = (accountId: number) =>
  `${DEMO_ASSET_PREFIX}/avatar/${accountId % AVATARS}.svg`;
export const imageUrl = (serial: number) => `${DEMO_ASSET_PREFIX}/image/${serial % IMAGES}.svg`;

const hue = (index: number, count: number) => Math.round((index * 360 * 7) / count) % 360;

function avatarSvg(index: number): string {
  const color = `hsl(${hue(index, AVATARS)} 55% 60%)`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<circle cx="50" cy="50" r="50" fill="${color}"/>` +
    `<circle cx="50" cy="40" r="18" fill="#fff"/>` +
    `<path d="M18 88a32 28 0 0 1 64 0z" fill="#fff"/></svg>`
  );
}

/** A sky, a road and a car, in the image's colours. */
function imageSvg(index: number): string {
  const sky = `hsl(${hue(index, IMAGES)} 60% 78%)`;
  const car = `hsl(${(hue(index, IMAGES) + 180) % 360} 50% 45%)`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">` +
    `<rect width="400" height="300" fill="${sky}"/>` +
    `<rect y="210" width="400" height="90" fill="#555"/>` +
    `<path d="M90 215v-35l45-35h110l55 35h20v35z" fill="${car}"/>` +
    `<circle cx="140" cy="218" r="22" fill="#222"/><circle cx="280" cy="218" r="22" fill="#222"/>` +
    `</svg>`
  );
}

/** The SVG for a path below DEMO_ASSET_PREFIX, such as `avatar/3.svg`; undefined if unknown. */
export function demoAssetSvg(path: string): string | undefined {
  const match = /^\/?(avatar|image)\/(\d+)\.svg$/.exec(path);
  if (!match) return undefined;
  const index = Number(match[2]);
  if (match[1] === 'avatar') return index < AVATARS ? avatarSvg(index) : undefined;
  return index < IMAGES ? imageSvg(index) : undefined;
}
