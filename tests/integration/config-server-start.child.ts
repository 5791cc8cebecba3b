// Run by config-startup.test.ts as a real child process: the server's start path, as Next calls
// it at `next start` (instrumentation's register() in the Node.js runtime).
import { register } from '@/instrumentation';

process.env.NEXT_RUNTIME = 'nodejs';
register().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
