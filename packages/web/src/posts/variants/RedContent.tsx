import { postImages, postMainText } from '@yuqing/core';
import { PostImages } from '../PostImages';
import { PostText } from '../PostText';
import type { VariantProps } from './types';

/** Xiaohongshu note: the pictures first (portrait boxes), then the note. */
export function RedContent({ post, terms }: VariantProps) {
  return (
    <>
      <PostImages images={postImages(post)} layout="note" />
      <PostText text={postMainText(post)} terms={terms} />
    </>
  );
}
