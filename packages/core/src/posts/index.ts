export * from './fields.js';
export * from './post.js';
export * from './query.js';
export * from './paths.js';
export * from './keyword.js';
export * from './zoned-time.js';
export * from './answers.js';
export * from './display.js';
