export * from './constants.js';
export * from './envelope.js';
export * from './location.js';
export * from './project.js';
export * from './user.js';
export * from './text.js';
export * from './locales/index.js';
export * from './posts/index.js';
