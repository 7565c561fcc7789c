export * from './types.js';
export * from './widget-types.js';
export * from './request.js';
export * from './catalog.js';
export * from './charts.js';
export * from './basic.js';
export * from './posts.js';
export * from './pivot.js';
