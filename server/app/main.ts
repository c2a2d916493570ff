export {};

// Production entry: built by Vite into dist/app/main.js (see vite.server.config.ts).
// React and Vike choose their production builds from NODE_ENV when they are first imported, so
// it is set before anything else loads (the only write to process.env; config.ts reads it).
process.env.NODE_ENV ??= 'production';
const { startProduction } = await import('./start-production.ts');
await startProduction();
