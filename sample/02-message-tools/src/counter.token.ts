/** The injection token of the counter's ClientProxy. */
export const COUNTER = 'COUNTER';

/** Where the counter microservice listens (loopback TCP). */
export const COUNTER_PORT = Number(process.env.COUNTER_PORT ?? 3311);
