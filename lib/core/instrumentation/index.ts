export {
  OPERATION_CHANNEL,
  operationChannel,
  type InstrumentationHandler,
  type OperationContext,
  type OperationEvent,
} from './operation-events.js';
