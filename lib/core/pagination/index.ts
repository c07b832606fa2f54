export { DEFAULT_PAGE_SIZE } from './cursor.codec.js';
