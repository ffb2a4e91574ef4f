// `npm run dev`: the back end (API only) on API_PORT and Vite with hot reload on PORT, proxying the API to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, SERVE_STATIC: '0' },
});
const { createServer } = await import('vite');
const vite = await createServer({
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? '127.0.0.1' },
});
await vite.listen();
vite.printUrls();
const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
