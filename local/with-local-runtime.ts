// For the one-shot commands (`npm run job`, `npm run time` while nothing runs): the local runtime on DATA_DIR, on a
// free port and without schedules, for the length of one piece of work. The data folder's lock makes it refuse
// while `npm start` runs there, rather than start a second DynamoDB Local on the same files.
import { startOpenPie } from './app';
import { DataDirBusyError } from './data-dir-lock';
import { settleDeliveries } from './aws-endpoints';
import { settleQueues } from './queue';
import type { RunningOpenPie } from './app';

/** Runs `work` with the runtime up; resolves to its exit code (1 when the data folder is busy). */
export async function withLocalRuntime(
  dataDir: string,
  command: string,
  work: (app: RunningOpenPie) => Promise<number>,
  /** The jobs' log level unless LOG_LEVEL says otherwise. */
  logLevel = 'info',
): Promise<number> {
  let app: RunningOpenPie;
  try {
    app = await startOpenPie({
      port: 0,
      dataDir,
      schedules: false,
      skipWebBuild: true,
      command,
      logLevel: process.env.LOG_LEVEL ?? logLevel,
    });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    const code = await work(app);
    // Per-fan work the job sent to the queue finishes before the runtime goes.
    await settleQueues();
    await settleDeliveries();
    return code;
  } finally {
    await app.stop();
  }
}
