export { HotPostTrigger } from './HotPostTrigger';
