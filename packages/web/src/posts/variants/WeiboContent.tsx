import { postImages, postMainText, retweetedOriginal } from '@yuqing/core';
import { PostImages } from '../PostImages';
import { PostText } from '../PostText';
import { RetweetedCard } from '../RetweetedCard';
import type { VariantProps } from './types';

/** Weibo: the text, its pictures, and the retweeted original quoted below. */
export function WeiboContent({ post, terms }: VariantProps) {
  const original = retweetedOriginal(post);
  return (
    <>
      <PostText text={postMainText(post)} terms={terms} />
      <PostImages images={postImages(post)} />
      {original && <RetweetedCard original={original} terms={terms} />}
    </>
  );
}
