// Jest's setup file of the `e2e · fastify` project (jest.config.mjs): its specs run on fastify.
process.env['PLATFORM'] = 'fastify';
