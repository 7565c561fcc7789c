import { proxyImageUrl } from '@yuqing/core';
import styles from './PostCard.module.css';

interface PostImagesProps {
  images: readonly string[];
  /** Box shape: square cells (grid), or one wide 16:9 box for a video cover. */
  layout?: 'grid' | 'note';
}

/**
 * Up to 9 images in a grid of fixed-shape boxes: the space is reserved before the images
 * arrive, so the list never jumps. One image gets a larger box, two or four a 2-column grid.
 */
export function PostImages({ images, layout = 'grid' }: PostImagesProps) {
  if (images.length === 0) return null;
  const columns = images.length === 1 ? 1 : images.length === 2 || images.length === 4 ? 2 : 3;
  return (
    <div
      className={`${styles.images} ${layout === 'note' ? styles.noteImages : ''}`}
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
      data-columns={columns}
    >
      {images.map((uri, index) => (
        <a
          key={`${uri}-${index}`}
          className={columns === 1 ? styles.imageOne : styles.imageCell}
          href={proxyImageUrl(uri)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <img src={proxyImageUrl(uri)} alt="" loading="lazy" decoding="async" />
        </a>
      ))}
    </div>
  );
}
