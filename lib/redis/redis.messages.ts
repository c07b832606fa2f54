/** Messages of the Redis store. @internal */
export const REDIS_MESSAGES = {
  BAD_DURATION: (name: string) =>
    `Snodo: redisStore ${name} must be a whole number of milliseconds, 1 or more`,
  BAD_MAX_SESSIONS_PER_CLIENT:
    'Snodo: redisStore maxSessionsPerClient must be a whole number of sessions, 1 or more',
  URL_REQUIRED: 'Snodo: redisStore needs a url, such as redis://localhost:6379',
  BAD_KEY_PREFIX: 'Snodo: redisStore keyPrefix must be a string',
  UNREACHABLE: (url: string, reason: string) =>
    `Snodo: cannot reach Redis at ${url}: ${reason}; start Redis or fix the url of redisStore()`,
  NO_COUNT: 'Redis answered the counter without a count',
} as const;
