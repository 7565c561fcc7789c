export * from './draft.js';
export * from './templates.js';
export * from './system.js';
