import { postImages, postMainText } from '@yuqing/core';
import { PostImages } from '../PostImages';
import { PostText } from '../PostText';
import type { VariantProps } from './types';

/** News, forums, apps and the rest: the text and its pictures. */
export function DefaultContent({ post, terms }: VariantProps) {
  return (
    <>
      <PostText text={postMainText(post)} terms={terms} />
      <PostImages images={postImages(post)} />
    </>
  );
}
