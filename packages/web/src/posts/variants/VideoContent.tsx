import { postImages, postMainText } from '@yuqing/core';
import { useT } from '../../i18n/useT';
import { abbreviate } from '../../format/numberStyle';
import { PostText } from '../PostText';
import { VideoCover } from '../VideoCover';
import type { VariantProps } from './types';

/** Douyin, Bilibili, Kuaishou: the cover with a play icon and the play count, then the text. */
export function VideoContent({ post, terms }: VariantProps) {
  const t = useT();
  return (
    <>
      <VideoCover
        cover={postImages(post)[0]}
        href={post.uri}
        plays={
          post.play_num > 0 ? t('{count} 次播放', { count: abbreviate(post.play_num) }) : undefined
        }
      />
      <PostText text={postMainText(post)} terms={terms} />
    </>
  );
}
