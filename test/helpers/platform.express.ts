// Jest's setup file of the `e2e · express` project (jest.config.mjs): its specs run on express.
process.env['PLATFORM'] = 'express';
