export { callerIdentity, type AuthInfo } from './auth-info.interface.js';
