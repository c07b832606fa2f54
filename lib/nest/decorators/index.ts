export { Tool } from './tool.decorator.js';
